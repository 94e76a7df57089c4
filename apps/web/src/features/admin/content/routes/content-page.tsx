import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { POST_STATUSES, type AdminPostRow, type PostStatus } from '@knotwork/shared/schemas/content-staff';
import { paths } from '@/config/paths.ts';
import { useAdminPosts } from '../api/content-posts.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { CareersTab } from '../components/lists/careers-tab.tsx';
import { FaqTab } from '../components/lists/faq-tab.tsx';
import { TestimonialsTab } from '../components/lists/testimonials-tab.tsx';
import { HomeTab, PagesTab } from '../components/content-pages.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

const TABS = ['blog', 'faq', 'pages', 'testimonials', 'careers', 'home'] as const;
type ContentTab = (typeof TABS)[number];

/** /admin/content: the blog, FAQ, pages, testimonials, careers and the home page's choices, one tab each (?tab=). */
export default function ContentPage() {
  const { t } = useTranslation('admin-content');
  const [params, setParams] = useSearchParams();
  const tab: ContentTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as ContentTab)
    : 'blog';
  return (
    <AdminPage title={t('title')} subject="content">
      <Tabs
        value={tab}
        onChange={(_e, v: ContentTab) => setParams({ tab: v }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((k) => (
          <Tab
            key={k}
            value={k}
            label={t(`tabs.${k}`)}
            id={`content-tab-${k}`}
            aria-controls={`content-panel-${k}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 'blog' && <BlogTab />}
        {tab === 'faq' && <FaqTab />}
        {tab === 'pages' && <PagesTab />}
        {tab === 'testimonials' && <TestimonialsTab />}
        {tab === 'careers' && <CareersTab />}
        {tab === 'home' && <HomeTab />}
      </Box>
    </AdminPage>
  );
}

const STATUS_COLOURS = { draft: 'default', scheduled: 'default', published: 'success' } as const;

function BlogTab() {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const { can } = useCan();
  const grid = useServerGrid<'updatedAt' | 'publishedAt' | 'title'>({ field: 'updatedAt', sort: 'desc' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PostStatus | ''>('');
  const q = useDebounced(search.trim(), 300);
  const list = useAdminPosts({ ...grid.query, q: q || undefined, status: status || undefined });
  const columns = useMemo<GridColDef<AdminPostRow>[]>(
    () => [
      { field: 'title', headerName: t('blog.columns.title'), flex: 2, minWidth: 200 },
      {
        field: 'status',
        headerName: t('blog.columns.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLOURS[row.status]}
            label={t(`blog.status.${row.status}`)}
          />
        ),
      },
      { field: 'author', headerName: t('blog.columns.author'), flex: 1, minWidth: 120, sortable: false },
      {
        field: 'publishedAt',
        headerName: t('blog.columns.publishedAt'),
        width: 170,
        valueFormatter: (v: string | null) => (v ? new Date(v).toLocaleString() : '—'),
      },
      {
        field: 'updatedAt',
        headerName: t('blog.columns.updatedAt'),
        width: 170,
        valueFormatter: (v: string) => new Date(v).toLocaleString(),
      },
    ],
    [t],
  );
  return (
    <Box sx={{ display: 'grid', gap: 4, pt: 4 }}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={t('blog.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 220, flex: { xs: 1, sm: 'none' } }}
        />
        <TextField
          select
          size="small"
          label={t('blog.columns.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as PostStatus | '');
            grid.resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {POST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`blog.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {can('manage', 'content') && (
          <Button
            component={RouterLink}
            to={paths.adminPostNew.href()}
            variant="contained"
            startIcon={<Add />}
          >
            {t('blog.new')}
          </Button>
        )}
      </Box>
      <AdminGrid<AdminPostRow>
        label={t('tabs.blog')}
        emptyLabel={t('blog.empty')}
        list={list}
        grid={grid}
        columns={columns}
        sortable
        onOpen={(row) => void navigate(paths.adminPost.href(row.id))}
      />
    </Box>
  );
}

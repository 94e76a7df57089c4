import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useFaq } from '../api/get-faq.ts';
import { FaqList } from '../components/faq-list.tsx';
import { filterFaq, searchTerms } from '../lib/faq-search.ts';

/**
 * /faq: the questions of /auth/faq grouped as the house groups them, filtered as you type (every word must
 * appear in the question or the answer; matches highlighted and opened), and /faq#<question id> opens and
 * scrolls to that question.
 */
export function FaqPage() {
  const { t } = useTranslation('content');
  const faq = useFaq();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const terms = useMemo(() => searchTerms(deferredQuery), [deferredQuery]);
  const searching = terms.length > 0;
  const groups = useMemo(() => filterFaq(faq.data ?? [], deferredQuery), [faq.data, deferredQuery]);
  const matchCount = groups.reduce((n, g) => n + g.items.length, 0);

  // Open questions when browsing; while searching every match is open unless the reader closes it.
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [searchOverrides, setSearchOverrides] = useState<Record<string, boolean>>({});
  useEffect(() => setSearchOverrides({}), [deferredQuery]);

  // Deep link: open the question named by the hash once the questions are there, and bring it into view.
  const linkedHash = useRef<string | null>(null);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || !faq.data || linkedHash.current === id) return;
    if (!faq.data.some((g) => g.items.some((i) => i.id === id))) return;
    linkedHash.current = id;
    setOpen((prev) => new Set(prev).add(id));
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
  }, [hash, faq.data]);

  const isExpanded = (id: string) => (searching ? (searchOverrides[id] ?? true) : open.has(id));
  const onToggle = (id: string, expanded: boolean) => {
    if (searching) return setSearchOverrides((prev) => ({ ...prev, [id]: expanded }));
    setOpen((prev) => {
      const next = new Set(prev);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });
    // The address names the open question, so it can be shared; history state is kept for the router.
    if (expanded) window.history.replaceState(window.history.state, '', `#${id}`);
  };

  return (
    <>
      <PageHeader overline={t('faq.overline')} title={t('faq.title')} intro={t('faq.intro')} />
      <PageContainer
        sx={{
          py: { xs: 10, md: 16 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          gap: { xs: 12, md: 16 },
          alignItems: 'start',
        }}
      >
        <Box>
          <TextField
            type="search"
            fullWidth
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            label={t('faq.searchLabel')}
            placeholder={t('faq.searchPlaceholder')}
            disabled={!faq.data}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
                endAdornment: query ? (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={t('faq.clearSearch')}
                      onClick={() => setQuery('')}
                      edge="end"
                      size="small"
                    >
                      <Clear fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
              htmlInput: { 'aria-describedby': 'faq-result-count' },
            }}
            sx={{ mb: { xs: 8, md: 10 }, '& input::-webkit-search-cancel-button': { display: 'none' } }}
          />
          <Typography
            id="faq-result-count"
            role="status"
            variant="body2"
            sx={{ color: 'text.secondary', mt: -6, mb: 8, minHeight: '1.5em' }}
          >
            {searching && faq.data ? t('faq.resultCount', { count: matchCount }) : ''}
          </Typography>
          {faq.isError ? (
            <ErrorState
              message={errorMessage(faq.error, t('faq.loadError'))}
              retryLabel={t('retry')}
              onRetry={() => void faq.refetch()}
            />
          ) : !faq.data ? (
            <Box role="status" aria-busy="true" aria-label={t('faq.loading')}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton
                  key={i}
                  variant="text"
                  sx={{ fontSize: '1.4rem', my: 3 }}
                  width={`${70 + ((i * 13) % 25)}%`}
                />
              ))}
            </Box>
          ) : faq.data.length === 0 ? (
            <EmptyState icon={<HelpOutline />} title={t('faq.emptyTitle')} description={t('faq.emptyBody')} />
          ) : matchCount === 0 ? (
            <EmptyState
              icon={<SearchOffOutlined />}
              title={t('faq.noMatchTitle', { query: deferredQuery.trim() })}
              description={t('faq.noMatchBody')}
              action={
                <>
                  <Button variant="outlined" color="inherit" onClick={() => setQuery('')}>
                    {t('faq.clearSearch')}
                  </Button>
                  <Button component={RouterLink} to={paths.contactUs.href()} variant="contained">
                    {t('faq.askUs')}
                  </Button>
                </>
              }
            />
          ) : (
            <FaqList groups={groups} terms={terms} isExpanded={isExpanded} onToggle={onToggle} />
          )}
        </Box>
        <Box
          component="aside"
          sx={{
            position: { md: 'sticky' },
            top: { md: 140 },
            p: { xs: 6, md: 8 },
            bgcolor: 'background.subtle',
            borderRadius: `${radius.card}px`,
          }}
        >
          <Typography variant="h5" component="h2">
            {t('faq.askTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
            {t('faq.askBody')}
          </Typography>
          <Button
            component={RouterLink}
            to={paths.contactUs.href()}
            variant="outlined"
            color="inherit"
            sx={{ mt: 6 }}
          >
            {t('faq.askUs')}
          </Button>
        </Box>
      </PageContainer>
    </>
  );
}

export default FaqPage;

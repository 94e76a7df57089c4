import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RUG_SORT_LABELS, RUG_SORTS, type RugSort } from '@knotwork/shared/constants/catalogue';

/** The order of the list. "Best match" is offered only with a search (it ranks by the text). */
export function SortSelect({
  value,
  hasQuery,
  onChange,
}: {
  value: RugSort;
  hasQuery: boolean;
  onChange: (sort: RugSort) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const sorts = RUG_SORTS.filter((s) => s !== 'relevance' || hasQuery);
  return (
    <FormControl size="small" sx={{ width: { xs: '100%', md: 210 }, maxWidth: 260 }}>
      <InputLabel id={`${id}-label`}>{t('sort.label')}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={t('sort.label')}
        value={sorts.includes(value) ? value : 'newest'}
        onChange={(e) => onChange(e.target.value)}
        sx={{ bgcolor: 'background.paper' }}
      >
        {sorts.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`sort.options.${s}`, { defaultValue: RUG_SORT_LABELS[s] })}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { RUG_QUERY_MAX } from '@knotwork/shared/constants/catalogue';

const DEBOUNCE_MS = 350;

/**
 * The text search. Typing applies after a short pause; the first change of a typing burst pushes a history entry
 * and the rest replace it, so Back undoes a whole search rather than one letter at a time.
 */
export function SearchField({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (q: string, options: { replace: boolean }) => void;
}) {
  const { t } = useTranslation('catalogue');
  const [text, setText] = useState(value);
  const pushed = useRef(false);
  const lastSent = useRef(value);

  // Back/Forward or a removed chip changed the query: show it (unless it is what we just sent).
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
      pushed.current = false;
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === lastSent.current.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = q;
      onSearch(q, { replace: pushed.current });
      pushed.current = true;
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      type="search"
      value={text}
      onChange={(e) => setText(e.target.value.slice(0, RUG_QUERY_MAX))}
      onBlur={() => {
        pushed.current = false;
      }}
      placeholder={t('search.placeholder')}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { 'aria-label': t('search.label'), maxLength: RUG_QUERY_MAX, enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t('search.clear')} onClick={() => setText('')} edge="end">
                <Close fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
      sx={{
        '& .MuiOutlinedInput-root': { bgcolor: 'background.paper', borderRadius: 52, minHeight: 50, pl: 4 },
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
    />
  );
}

import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Translate from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { SUPPORTED_LANGUAGES } from '@knotwork/shared/constants/languages';
import { currentLanguage } from '@/lib/i18n.ts';
import { chooseLanguage, languageNames } from '@/lib/language.ts';

const menuTransition = { enter: layout.menuAnimationInMs, exit: layout.menuAnimationOutMs };

/**
 * The language menu (issue 9), in the header and the footer: each language is named in itself and marked with
 * its lang attribute, so a reader finds their own and a screen reader pronounces it right. In the header on
 * phones only the icon shows (the button keeps its name).
 */
export function LanguageSwitcher({ placement, compact = false }: { placement: 'header' | 'footer'; compact?: boolean }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const active = currentLanguage();
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        variant="text"
        size="small"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-label={t('language.button', { language: languageNames[active] })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={`language-switcher-${placement}`}
        startIcon={<Translate fontSize="small" />}
        sx={{
          minWidth: 0,
          color: placement === 'footer' ? 'text.secondary' : 'text.primary',
          ...(compact && { px: 2, '& .MuiButton-startIcon': { m: 0 } }),
        }}
      >
        {!compact && <span lang={active}>{languageNames[active]}</span>}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        transitionDuration={menuTransition}
        anchorOrigin={{ vertical: placement === 'footer' ? 'top' : 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: placement === 'footer' ? 'bottom' : 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('language.menu') } }}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === active}
            aria-current={language === active ? 'true' : undefined}
            onClick={() => {
              close();
              void chooseLanguage(language);
            }}
          >
            <ListItemIcon>{language === active && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{languageNames[language]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

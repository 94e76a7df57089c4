import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { SUPPORTED_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';
import { chooseLanguage, languageNames } from '@/lib/language.ts';

const menuTransition = { enter: layout.menuAnimationInMs, exit: layout.menuAnimationOutMs };

/** The language switcher's menu, loaded when it first opens (MUI's Menu and Popover stay out of the first visit). */
export default function LanguageMenu({
  menuId,
  anchor,
  placement,
  active,
  close,
}: {
  menuId: string;
  anchor: HTMLElement | null;
  placement: 'header' | 'footer';
  active: Language;
  close: () => void;
}) {
  const { t } = useTranslation();
  const open = Boolean(anchor);
  return (
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
  );
}

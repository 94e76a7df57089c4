import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mainMenu } from '@/config/navigation.ts';

/** The menu row under the header in the horizontal layout; the current section is underlined in gold (styles/header.css). */
export function HorizontalNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className="kw-nav">
      <ul className="kw-page-container">
        {mainMenu.map((item) => (
          <li key={item.key}>
            <NavLink to={item.to} end={item.end}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

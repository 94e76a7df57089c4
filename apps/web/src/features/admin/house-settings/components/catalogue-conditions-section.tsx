import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';
import type { CatalogueConditionsSettings } from '@knotwork/shared/schemas/house-settings-staff';
import { useSaveCatalogueConditions } from '../api/catalogue-conditions-settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function ConditionsForm({ initial }: { initial: CatalogueConditionsSettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [texts, setTexts] = useState<CatalogueConditionsSettings>(initial);
  const { save, errorAt, pending } = useSaveSetting(useSaveCatalogueConditions());
  return (
    <Box
      component="form"
      aria-label={t('catalogueConditions.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save(texts);
      }}
      sx={{ display: 'grid', gap: 4 }}
    >
      {SUPPORTED_LANGUAGES.map((language: Language) => {
        const error = errorAt(language);
        return (
          <TextField
            key={language}
            label={t(`catalogueConditions.label.${language}`)}
            value={texts[language]}
            onChange={(e) => setTexts((s) => ({ ...s, [language]: e.target.value }))}
            multiline
            minRows={3}
            maxRows={14}
            error={Boolean(error)}
            helperText={error || t('catalogueConditions.help')}
            slotProps={{
              // The text is typed in its own language: Arabic right to left whatever the page's direction.
              htmlInput: {
                dir: language === 'ar' ? 'rtl' : 'ltr',
                lang: language,
                readOnly: !manage,
                'data-testid': `catalogue-conditions-${language}`,
              },
            }}
          />
        );
      })}
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the house's own conditions of sale, printed in its catalogues (decision 094 addendum). */
export function CatalogueConditionsSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard
      id="settings-catalogue-conditions"
      title={t('catalogueConditions.title')}
      intro={t('catalogueConditions.intro')}
    >
      {(s) => <ConditionsForm key={JSON.stringify(s.catalogueConditions)} initial={s.catalogueConditions} />}
    </HouseSettingsCard>
  );
}

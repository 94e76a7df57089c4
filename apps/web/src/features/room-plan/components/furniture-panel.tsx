import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Rotate90DegreesCwOutlined from '@mui/icons-material/Rotate90DegreesCwOutlined';
import { useTranslation } from 'react-i18next';
import { formatSize, type SizeUnit } from '@/lib/units.ts';
import { FURNITURE_LIMITS_CM } from '../lib/length-input.ts';
import type { Furniture, PlanAction } from '../lib/plan-state.ts';
import { useLengthInput } from '../lib/use-length-input.ts';
import { LengthField } from './length-field.tsx';

const NAME_MAX = 40;
const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The buyer's furniture as named rectangles: a form to add one, and the list to turn or remove them. */
export function FurniturePanel({
  furniture,
  unit,
  dispatch,
  disabled,
}: {
  furniture: Furniture[];
  unit: SizeUnit;
  dispatch: (action: PlanAction) => void;
  /** No room yet: nothing to put furniture in. */
  disabled: boolean;
}) {
  const { t } = useTranslation('room-plan');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const width = useLengthInput(unit, FURNITURE_LIMITS_CM);
  const depth = useLengthInput(unit, FURNITURE_LIMITS_CM);
  const fields = [width, depth];
  const trimmed = name.trim();
  const nameError = !trimmed
    ? t('errors.nameRequired')
    : trimmed.length > NAME_MAX
      ? t('errors.nameTooLong', { max: NAME_MAX })
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameTouched(true);
    for (const field of fields) field.setTouched(true);
    if (nameError || !width.reading.ok || !depth.reading.ok) return;
    dispatch({
      type: 'addFurniture',
      // Not crypto.randomUUID: it exists only on https and localhost, and a house may serve its site over plain http.
      furniture: { id: newId(), name: trimmed, w: width.reading.cm, h: depth.reading.cm },
    });
    setName('');
    setNameTouched(false);
    for (const field of fields) {
      field.setValue('');
      field.setTouched(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="room-plan-furniture">
      <Typography id="room-plan-furniture" variant="h6" component="h3">
        {t('furniture.heading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('furniture.intro')}
      </Typography>
      {furniture.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 3, fontStyle: 'italic', color: 'text.secondary' }}>
          {t('furniture.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 3 }} data-testid="furniture-list">
          {furniture.map((item) => (
            <Box
              component="li"
              key={item.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  <bdi dir={unit === 'ftIn' ? 'ltr' : undefined}>
                    {formatSize(item.piece.w, item.piece.h, unit)}
                  </bdi>
                </Typography>
              </Box>
              <IconButton
                aria-label={t('furniture.turn', { name: item.name })}
                onClick={() => dispatch({ type: 'turnBy', id: item.id, degrees: 90 })}
              >
                <Rotate90DegreesCwOutlined fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={t('furniture.remove', { name: item.name })}
                onClick={() => dispatch({ type: 'removeFurniture', id: item.id })}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('furniture.add')}
        sx={{ mt: 4, display: 'grid', gap: 3, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
      >
        <TextField
          label={t('furniture.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setNameTouched(true)}
          error={nameTouched && !!nameError}
          helperText={nameTouched && nameError ? nameError : t('furniture.nameHint')}
          size="small"
          disabled={disabled}
          sx={{ gridColumn: '1 / -1' }}
        />
        <LengthField label={t('furniture.width')} input={width} disabled={disabled} />
        <LengthField label={t('furniture.depth')} input={depth} disabled={disabled} />
        <Button
          type="submit"
          variant="outlined"
          color="inherit"
          disabled={disabled}
          sx={{ gridColumn: '1 / -1', justifySelf: 'start' }}
        >
          {t('furniture.add')}
        </Button>
      </Box>
    </Box>
  );
}

import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_LINE_MAX,
  ADDRESS_NAME_MAX,
  COUNTRIES_WITHOUT_POSTAL_CODE,
  addressInputSchema,
  type Address,
  type AddressInput,
} from '@knotwork/shared/schemas/addresses';
import { geoMessages } from '@knotwork/shared/schemas/geo';
import { postalKind, regionKind } from '@knotwork/shared/addresses/formats';
import { notify } from '@/lib/toast.ts';
import { useAddAddress } from '../api/add-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { useCountries } from '../api/get-countries.ts';
import { useStates } from '../api/get-states.ts';
import { useCities } from '../api/get-cities.ts';
import { ADDRESS_FIELDS, formStateOf, type AddressFormState } from '../lib/address-form.ts';
import { showFormError } from '../lib/show-form-error.ts';
import { CityField } from './city-field.tsx';
import { CountryField } from './country-field.tsx';
import { StateField } from './state-field.tsx';
import { translateMessage } from '@/lib/messages.ts';

// The form holds plain strings; the shared schema parses them into the request body (the same rules the server runs).
const resolver = zodResolver(addressInputSchema) as unknown as Resolver<
  AddressFormState,
  unknown,
  AddressInput
>;

/**
 * Add (address null) or edit an address. Validation runs on every change with the shared schema; the state
 * list appears only for countries that have subdivisions, and is then required (as the server checks).
 */
export function AddressDialog({
  open,
  address,
  firstAddress,
  onClose,
}: {
  open: boolean;
  address: Address | null;
  /** No address saved yet: the first is always the default. */
  firstAddress: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('addresses');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const add = useAddAddress();
  const update = useUpdateAddress();
  const saving = add.isPending || update.isPending;

  const form = useForm<AddressFormState, unknown, AddressInput>({
    resolver,
    mode: 'onChange',
    defaultValues: formStateOf(address, { firstAddress }),
  });
  const { control, register, setValue, setError, formState } = form;
  useEffect(() => {
    if (open) form.reset(formStateOf(address, { firstAddress }));
  }, [open, address, firstAddress, form]);

  const country = form.watch('country');
  const state = form.watch('state');
  const countries = useCountries(open);
  // A region is asked for only where the country's addresses use one (decision 073): not in the UK or France.
  const region = country ? regionKind(country) : null;
  const states = useStates(region ? country : undefined);
  const stateList = states.data ?? [];
  const hasStates = Boolean(region) && stateList.length > 0;
  const cities = useCities(
    country || undefined,
    state || undefined,
    open && (!region || !states.isPending) && (!hasStates || Boolean(state)),
  );
  const phoneCode = countries.data?.find((c) => c.code === country)?.phoneCode;
  const postalOptional = Boolean(country) && COUNTRIES_WITHOUT_POSTAL_CODE.has(country);
  const lockedDefault = firstAddress || Boolean(address?.isDefault);

  const text = (name: 'name' | 'phone' | 'line1' | 'line2' | 'postalCode', max?: number) => {
    const { ref, ...rest } = register(name);
    const error = translateMessage(formState.errors[name]?.message);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(error),
      helperText: error,
      slotProps: { htmlInput: max ? { maxLength: max } : undefined },
    };
  };

  const onSubmit = form.handleSubmit(async (input) => {
    if (hasStates && !input.state) {
      setError('state', { type: 'required', message: geoMessages.stateRequired }, { shouldFocus: true });
      return;
    }
    const body: AddressInput = { ...input, state: hasStates ? input.state : undefined };
    try {
      const { message } = address
        ? await update.mutateAsync({ id: address.id, input: body })
        : await add.mutateAsync(body);
      notify.success(message);
      onClose();
    } catch (error) {
      showFormError(error, setError, ADDRESS_FIELDS);
    }
  });

  const title = address ? t('form.editTitle') : t('form.addTitle');
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="address-dialog-title"
    >
      <DialogTitle id="address-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="address-form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          spacing={4}
          sx={{ pt: 2 }}
        >
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <CountryField
                countries={countries.data ?? []}
                loading={countries.isPending}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={
                  translateMessage(fieldState.error?.message) ??
                  (countries.isError ? t('form.countriesError') : undefined)
                }
                onChange={(code) => {
                  field.onChange(code);
                  // A new country invalidates the state and the city chosen for the old one.
                  setValue('state', '');
                  setValue('city', '', { shouldValidate: formState.isSubmitted });
                }}
              />
            )}
          />
          <TextField
            label={t('form.name')}
            required
            autoComplete="name"
            fullWidth
            {...text('name', ADDRESS_NAME_MAX)}
          />
          <TextField
            label={t('form.phone')}
            required
            type="tel"
            autoComplete="tel"
            placeholder={phoneCode ? t('form.phonePlaceholder', { code: phoneCode }) : undefined}
            fullWidth
            {...text('phone')}
          />
          <TextField
            label={t('form.line1')}
            required
            autoComplete="address-line1"
            fullWidth
            {...text('line1', ADDRESS_LINE_MAX)}
          />
          <TextField
            label={t('form.line2')}
            autoComplete="address-line2"
            fullWidth
            {...text('line2', ADDRESS_LINE_MAX)}
          />
          {hasStates && (
            <Controller
              control={control}
              name="state"
              render={({ field, fieldState }) => (
                <StateField
                  label={t(`form.region.${region ?? 'state'}`)}
                  states={stateList}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  error={translateMessage(fieldState.error?.message)}
                  onChange={(code) => {
                    field.onChange(code);
                    setValue('city', form.getValues('city'), { shouldValidate: formState.isSubmitted });
                  }}
                />
              )}
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
            <Controller
              control={control}
              name="city"
              render={({ field, fieldState }) => (
                <CityField
                  suggestions={cities.data ?? []}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={field.onChange}
                  error={translateMessage(fieldState.error?.message)}
                />
              )}
            />
            <TextField
              label={postalOptional ? t('form.postalCodeOptional') : t(`form.postal.${postalKind(country)}`)}
              required={!postalOptional}
              autoComplete="postal-code"
              fullWidth
              {...text('postalCode', 12)}
            />
          </Stack>
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <div>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      disabled={lockedDefault}
                    />
                  }
                  label={t('form.isDefault')}
                />
                {lockedDefault && (
                  <FormHelperText sx={{ mt: 0 }}>
                    {firstAddress ? t('form.firstIsDefault') : t('form.alreadyDefault')}
                  </FormHelperText>
                )}
              </div>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button color="inherit" onClick={onClose} disabled={saving}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" form="address-form" variant="contained" disabled={saving}>
          {saving ? t('form.saving') : address ? t('form.saveChanges') : t('form.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

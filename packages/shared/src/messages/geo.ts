// The fixed English messages of geo (zod-free, so the web's message catalogue can load without zod).
export const geoMessages = {
  countryRequired: 'Country is required',
  countryInvalid: 'Country must be a two-letter ISO code',
  countryUnknown: 'Unknown country',
  stateInvalid: 'State must be a subdivision code',
  stateUnknown: 'Unknown state for this country',
  stateRequired: 'State is required for this country',
} as const;

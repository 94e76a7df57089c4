/**
 * What a collector reads about condition reports on request (issue 29 §2, decision 095). English is the source; the
 * web finds each text's id in the message catalogue (`conditionReport.*` of the `validation` namespace).
 */
export const conditionReportMessages = {
  lotIdInvalid: 'This lot does not exist',
  lotNotFound: 'This lot does not exist',
  questionTooLong: 'Keep your question to 1,000 characters',
  requested: 'Thank you: our specialists will send you the report',
  alreadyRequested: 'You have already asked for this report',
  sentAtOnce: 'The condition report is ready: we have sent it to you',
} as const;

/** Staff-only answers of the desk (English; the back office shows them in its language, admin-condition-reports). */
export const conditionReportStaffMessages = {
  lotNotFound: 'Lot not found',
  bodyRequired: 'Write the report (1 to 10,000 characters)',
  tooManyPhotos: 'A report has at most 12 photos',
  photoIdInvalid: 'A photo was not found: upload it again',
  photoNotFound: 'A photo was not found: upload it again',
  photoSaved: 'Photo uploaded',
  published: 'Report published: the requesters have been told',
  corrected: 'Correction published: everyone who had the report has been told',
  promiseInvalid: 'Enter a promise of 1 to 336 hours',
} as const;

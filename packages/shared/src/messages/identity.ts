/**
 * What a collector reads about the identity check above the house's threshold (issue 28 §3, decision 093): the
 * checkout's refusal, the upload's answers and refusals. English is the source; the web finds each text's id in the
 * message catalogue (`identity.*` of the `validation` namespace).
 */
export const identityMessages = {
  required:
    'Before you pay, we need to check your identity: your purchases from the house reach the amount from which the law asks for it. Upload an identity document from your profile.',
  pending:
    'Your identity document is being checked. You can pay as soon as it is approved; we will tell you by e-mail.',
  documentRequired: 'Choose a photo or a PDF of your identity document',
  documentType: 'Upload a photo (JPEG, PNG, WebP or AVIF) or a PDF of your document',
  documentTooLarge: 'The document should be at most 10 MB',
  documentTooManyPixels: 'This photo is too large: take it at a lower resolution',
  documentKindInvalid: 'Choose the kind of document: passport, identity card or driving licence',
  unexpectedFile: 'Send one document only',
  uploaded: 'Thank you: your document has been sent for review',
  alreadyPending: 'Your document is already waiting for review',
  alreadyApproved: 'Your identity has already been checked',
} as const;

/** Staff-only answers of the review routes (English, as every back-office message). */
export const identityStaffMessages = {
  checkNotFound: 'Identity check not found',
  reasonRequired: 'Say why the document is refused (1 to 500 characters)',
  notPending: 'This check has already been reviewed',
  documentDeleted: 'The document was deleted at the end of its retention period',
  approved: 'Identity check approved: the buyer has been told',
  rejected: 'Identity check refused: the buyer has been told why',
} as const;

/** Business constants from SPEC.md section 9. */
export const OTP_LENGTH = 4;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 50;
export const NAME_MAX = 100;
export const CONTACT_MESSAGE_COUNTER = 250;
export const PHONE_PATTERN = /^\+?\d{8,15}$/;
export const FOOTER_CATEGORIES = 6;
export const NOTIFICATION_BADGE_MAX = 99;
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_PUSH_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

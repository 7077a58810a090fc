/**
 * Length limits shared by the server's validation and the client's forms (docs/api.md, General
 * rules).
 */
export const MAX_NAME_LENGTH = 100;
export const MAX_CATEGORY_LENGTH = 50;
export const MAX_NOTE_LENGTH = 500;
export const MAX_SEARCH_LENGTH = 200;
/** Terms and operators of one search (docs/api.md, Search): each is a condition of its own. */
export const MAX_SEARCH_TERMS = 20;
/** A saved search's name (saved-filter-schemas.ts). */
export const MAX_SAVED_FILTER_NAME_LENGTH = 50;
/** A person keeps a handful of searches; a cap keeps a script from filling the table. */
export const MAX_SAVED_FILTERS = 100;
/** RFC 5321 caps an address at 254 characters; longer input is not an e-mail. */
export const MAX_EMAIL_LENGTH = 254;

/** The years a budget may be for (budget-schemas.ts; the Budgets page's month switcher). */
export const BUDGET_MIN_YEAR = 2000;
export const BUDGET_MAX_YEAR = 2100;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;

export const TRANSACTIONS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const CONTACT_BANNER_MS = 5000;
export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * Every `code` the API sends in its error body (`{ message, code, errors? }`): the server throws
 * only these, and clients match them through the same names. Kept free of imports (no zod) so
 * that the web can load it on the first page at no cost.
 *
 * A library's own 4xx code that the server's error handler passes on as it came (a Fastify
 * plugin's limit, say) is not listed: nothing of ours sends it, and no client matches it.
 */
export const ErrorCode = {
  // Any request
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION',
  EMPTY_BODY: 'EMPTY_BODY',
  INVALID_JSON: 'INVALID_JSON',
  JSON_TOO_DEEP: 'JSON_TOO_DEEP',
  NUL_CHARACTER: 'NUL_CHARACTER',
  /** A value past what its column keeps: a kept total of bigint hundredths, say. */
  OUT_OF_RANGE: 'OUT_OF_RANGE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /**
   * Heavy work (a restore, an import's commit, a full export) is under way for the same user,
   * or the server runs as much heavy work as it takes at once: try again when it ends.
   */
  BUSY: 'BUSY',
  /** Too many of one user's requests are waiting for the database: try again shortly. */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** A request's database work ran over its time limit (docs/reliability.md). */
  TIMEOUT: 'TIMEOUT',
  /** A search with too many terms, or one that ran over the time limit: narrow it. */
  QUERY_TOO_BROAD: 'QUERY_TOO_BROAD',
  INTERNAL: 'INTERNAL',
  // Fastify's own client errors, sent under Fastify's code with a message of ours
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'FST_ERR_CTP_BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  FST_ERR_CTP_INVALID_TYPE: 'FST_ERR_CTP_INVALID_TYPE',
  FST_ERR_BAD_URL: 'FST_ERR_BAD_URL',
  // Signing in and the session
  NO_TOKEN: 'NO_TOKEN',
  INVALID_TOKEN: 'INVALID_TOKEN',
  READ_ONLY_TOKEN: 'READ_ONLY_TOKEN',
  SESSION_REQUIRED: 'SESSION_REQUIRED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  CHALLENGE_INVALID: 'CHALLENGE_INVALID',
  INVALID_CODE: 'INVALID_CODE',
  TWO_FACTOR_ON: 'TWO_FACTOR_ON',
  TWO_FACTOR_OFF: 'TWO_FACTOR_OFF',
  TWO_FACTOR_NOT_SET_UP: 'TWO_FACTOR_NOT_SET_UP',
  PASSKEYS_NOT_CONFIGURED: 'PASSKEYS_NOT_CONFIGURED',
  PASSKEY_REJECTED: 'PASSKEY_REJECTED',
  PASSKEY_MALFORMED: 'PASSKEY_MALFORMED',
  PASSKEY_EXISTS: 'PASSKEY_EXISTS',
  PASSKEY_NOT_FOUND: 'PASSKEY_NOT_FOUND',
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
  TOKEN_NOT_FOUND: 'TOKEN_NOT_FOUND',
  // Households
  /** No household of the caller's by that id (or an API token asked for another than its own). */
  HOUSEHOLD_NOT_FOUND: 'HOUSEHOLD_NOT_FOUND',
  /** The caller's role in the household does not allow this: the message names the role needed. */
  ROLE_FORBIDS: 'ROLE_FORBIDS',
  /** The change would leave the household without an owner. */
  LAST_OWNER: 'LAST_OWNER',
  /** The user's only household cannot be deleted or left. */
  ONLY_HOUSEHOLD: 'ONLY_HOUSEHOLD',
  TOO_MANY_HOUSEHOLDS: 'TOO_MANY_HOUSEHOLDS',
  MEMBER_NOT_FOUND: 'MEMBER_NOT_FOUND',
  ALREADY_MEMBER: 'ALREADY_MEMBER',
  /** Unknown, used, revoked or expired: one code (and one message) for all. */
  INVITATION_NOT_FOUND: 'INVITATION_NOT_FOUND',
  /** The invitation names another e-mail than the caller's. */
  INVITATION_FOR_ANOTHER: 'INVITATION_FOR_ANOTHER',
  // Money accounts, transactions, budgets, categories, categorisation rules, recurring
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  ACCOUNT_NAME_TAKEN: 'ACCOUNT_NAME_TAKEN',
  ACCOUNT_IDENTIFIER_TAKEN: 'ACCOUNT_IDENTIFIER_TAKEN',
  ACCOUNT_NOT_EMPTY: 'ACCOUNT_NOT_EMPTY',
  ACCOUNT_CURRENCY_IN_USE: 'ACCOUNT_CURRENCY_IN_USE',
  LAST_ACCOUNT: 'LAST_ACCOUNT',
  TRANSACTION_NOT_FOUND: 'TRANSACTION_NOT_FOUND',
  TRANSFER_NOT_FOUND: 'TRANSFER_NOT_FOUND',
  TRANSFER_LEGS_INVALID: 'TRANSFER_LEGS_INVALID',
  /** The other account holds two or more rows that could be a transfer's other side: say which. */
  TRANSFER_OTHER_LEG_AMBIGUOUS: 'TRANSFER_OTHER_LEG_AMBIGUOUS',
  WINDOW_TOO_LONG: 'WINDOW_TOO_LONG',
  WINDOW_OUT_OF_RANGE: 'WINDOW_OUT_OF_RANGE',
  BUDGET_NOT_FOUND: 'BUDGET_NOT_FOUND',
  BUDGET_EXISTS: 'BUDGET_EXISTS',
  NO_BUDGETS_TO_COPY: 'NO_BUDGETS_TO_COPY',
  GOAL_NOT_FOUND: 'GOAL_NOT_FOUND',
  GOAL_DATE_PAST: 'GOAL_DATE_PAST',
  CATEGORY_NOT_FOUND: 'CATEGORY_NOT_FOUND',
  CATEGORY_EXISTS: 'CATEGORY_EXISTS',
  BUILT_IN_CATEGORY: 'BUILT_IN_CATEGORY',
  CATEGORY_MERGE_INTO_ITSELF: 'CATEGORY_MERGE_INTO_ITSELF',
  RULE_NOT_FOUND: 'RULE_NOT_FOUND',
  TOO_MANY_RULES: 'TOO_MANY_RULES',
  RECURRING_NOT_FOUND: 'RECURRING_NOT_FOUND',
  /** A bulk edit would give two occurrences of one recurring rule the same day. */
  RECURRING_DAY_TAKEN: 'RECURRING_DAY_TAKEN',
  /** Some of the ids to restore are not in the user's trash (never there, restored, purged). */
  TRASH_NOT_FOUND: 'TRASH_NOT_FOUND',
  TAG_NOT_FOUND: 'TAG_NOT_FOUND',
  SAVED_FILTER_NOT_FOUND: 'SAVED_FILTER_NOT_FOUND',
  SAVED_FILTER_NAME_TAKEN: 'SAVED_FILTER_NAME_TAKEN',
  TOO_MANY_SAVED_FILTERS: 'TOO_MANY_SAVED_FILTERS',
  // Currencies and exchange rates
  RATE_FOR_BASE_CURRENCY: 'RATE_FOR_BASE_CURRENCY',
  RATE_NOT_FOUND: 'RATE_NOT_FOUND',
  // Uploads (receipts and bank files)
  NOT_MULTIPART: 'NOT_MULTIPART',
  INVALID_MULTIPART: 'INVALID_MULTIPART',
  NO_FILE: 'NO_FILE',
  WRONG_FIELD: 'WRONG_FIELD',
  EMPTY_FILE: 'EMPTY_FILE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  // Receipts
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  RECEIPT_UNREADABLE: 'RECEIPT_UNREADABLE',
  RECEIPT_TOO_LARGE: 'RECEIPT_TOO_LARGE',
  RECEIPT_READER_BUSY: 'RECEIPT_READER_BUSY',
  RECEIPT_READ_TIMEOUT: 'RECEIPT_READ_TIMEOUT',
  NO_TOTAL_FOUND: 'NO_TOTAL_FOUND',
  RECEIPT_NOT_FOUND: 'RECEIPT_NOT_FOUND',
  RECEIPT_ALREADY_UPLOADED: 'RECEIPT_ALREADY_UPLOADED',
  // Attachments
  ATTACHMENT_NOT_FOUND: 'ATTACHMENT_NOT_FOUND',
  ATTACHMENT_EXISTS: 'ATTACHMENT_EXISTS',
  TOO_MANY_ATTACHMENTS: 'TOO_MANY_ATTACHMENTS',
  // Bank file imports
  UNSUPPORTED_FILE: 'UNSUPPORTED_FILE',
  MIXED_ENCODINGS: 'MIXED_ENCODINGS',
  NO_ROWS: 'NO_ROWS',
  NO_TRANSACTIONS: 'NO_TRANSACTIONS',
  CSV_LINE_TOO_LONG: 'CSV_LINE_TOO_LONG',
  CSV_QUOTE_NOT_CLOSED: 'CSV_QUOTE_NOT_CLOSED',
  CSV_INVALID: 'CSV_INVALID',
  OFX_INVALID: 'OFX_INVALID',
  QIF_INVESTMENT: 'QIF_INVESTMENT',
  XML_INVALID: 'XML_INVALID',
  XML_DTD_REFUSED: 'XML_DTD_REFUSED',
  /** XML whose elements nest deeper than any bank statement (a parser's limit). */
  XML_TOO_DEEP: 'XML_TOO_DEEP',
  /** A statement (CAMT.053 Ccy, OFX CURDEF) in a currency that is not one Moneta knows. */
  STATEMENT_CURRENCY_UNKNOWN: 'STATEMENT_CURRENCY_UNKNOWN',
  NOT_CSV: 'NOT_CSV',
  NO_SUCH_COLUMN: 'NO_SUCH_COLUMN',
  NO_SUCH_ROW: 'NO_SUCH_ROW',
  NO_SUCH_STATEMENT: 'NO_SUCH_STATEMENT',
  BAD_SKIP_ROWS: 'BAD_SKIP_ROWS',
  IMPORT_NOT_FOUND: 'IMPORT_NOT_FOUND',
  IMPORT_NOT_IN_PREVIEW: 'IMPORT_NOT_IN_PREVIEW',
  IMPORT_UNDONE: 'IMPORT_UNDONE',
  TRANSFER_TO_SAME_ACCOUNT: 'TRANSFER_TO_SAME_ACCOUNT',
  /** A restore's file is not a Moneta export (no zip, no manifest, another format). */
  EXPORT_NOT_MONETA: 'EXPORT_NOT_MONETA',
  /** A Moneta export of a format version this server does not read (a newer one). */
  EXPORT_VERSION_UNSUPPORTED: 'EXPORT_VERSION_UNSUPPORTED',
  /**
   * A Moneta export cut short or damaged: its manifest invalid, a file missing, a checksum wrong,
   * a line too long, a record the API would not take (the message names file, line and field).
   */
  EXPORT_DAMAGED: 'EXPORT_DAMAGED',
  /**
   * A zip refused unread: too many entries or records, too large unpacked, a path outside the
   * zip, a local header unlike its directory entry, two entries sharing bytes.
   */
  EXPORT_UNSAFE: 'EXPORT_UNSAFE',
  /** A restore into an account that holds transactions or transfers already. */
  RESTORE_TARGET_NOT_EMPTY: 'RESTORE_TARGET_NOT_EMPTY',
  /** A bank connection that is not the household's (or no longer exists). */
  BANK_CONNECTION_NOT_FOUND: 'BANK_CONNECTION_NOT_FOUND',
  /** A bank account id the connection does not list. */
  BANK_ACCOUNT_NOT_FOUND: 'BANK_ACCOUNT_NOT_FOUND',
  /** A SimpleFIN setup token that is not the Base64 of an https URL. */
  SETUP_TOKEN_INVALID: 'SETUP_TOKEN_INVALID',
  /** The SimpleFIN claim answered 403: the token was used already or never existed. */
  SETUP_TOKEN_USED: 'SETUP_TOKEN_USED',
  /** A provider URL to a private or loopback address while those are not allowed. */
  PRIVATE_ADDRESS_REFUSED: 'PRIVATE_ADDRESS_REFUSED',
  /** The bank's provider failed, refused, or answered what its protocol does not say. */
  BANK_PROVIDER_FAILED: 'BANK_PROVIDER_FAILED',
  /** Enable Banking needs the household's application (id and private key) first. */
  BANK_APP_MISSING: 'BANK_APP_MISSING',
  /** An Enable Banking key that is not an RSA private key, or that the API refused. */
  BANK_KEY_INVALID: 'BANK_KEY_INVALID',
  /** An Enable Banking callback whose state is unknown, used or expired, or that says error. */
  BANK_STATE_INVALID: 'BANK_STATE_INVALID',
  /** A bank account mapped to an account in another currency. */
  BANK_CURRENCY_MISMATCH: 'BANK_CURRENCY_MISMATCH',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

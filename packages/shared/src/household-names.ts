/**
 * The name sign-up gives a user's first household. Kept free of imports: the web's shell reads
 * it, and the schemas module would bring the validation library along.
 */
export const PERSONAL_HOUSEHOLD_NAME = 'Personal';

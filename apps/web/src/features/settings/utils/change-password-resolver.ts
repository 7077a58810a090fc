import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@moneta/shared/security-schemas';

/** The password change's checks, loaded at its first check (ChangePassword, lazyResolver). */
export const changePasswordResolver = zodResolver(changePasswordSchema);

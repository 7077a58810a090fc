import { expect, type Locator, type Page } from '@playwright/test';

/** The account-security sections of Settings (docs/architecture.md, Security). */
export class SecuritySettings {
  readonly changePassword: Locator;
  readonly sessions: Locator;
  readonly twoFactor: Locator;
  readonly passkeys: Locator;
  readonly apiTokens: Locator;
  readonly events: Locator;

  constructor(readonly page: Page) {
    this.changePassword = page.getByRole('region', { name: 'Change password' });
    this.sessions = page.getByRole('region', { name: 'Sessions' });
    this.twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    this.passkeys = page.getByRole('region', { name: 'Passkeys' });
    this.apiTokens = page.getByRole('region', { name: 'API tokens' });
    this.events = page.getByRole('region', { name: 'Security events' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings');
    // A lazily loaded page with six lists: slow to show on a busy machine.
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(this.changePassword).toBeVisible();
  }

  async changePasswordTo(current: string, next: string): Promise<void> {
    await this.changePassword.getByLabel('Current password', { exact: true }).fill(current);
    await this.changePassword.getByLabel('New password', { exact: true }).fill(next);
    await this.changePassword.getByRole('button', { name: 'Change password' }).click();
  }

  /** Starts two-factor setup and answers the key shown for typing by hand (base32). */
  async startTwoFactorSetup(): Promise<string> {
    await this.twoFactor.getByRole('button', { name: 'Set up' }).click();
    await expect(
      this.twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const shown = await this.twoFactor.getByLabel('Key for manual entry').textContent();
    return (shown ?? '').replace(/\s/g, '');
  }

  /** Turns two-factor on with a code, answering the backup codes shown once. */
  async turnOnTwoFactor(code: string): Promise<string[]> {
    await this.twoFactor.getByLabel('Code from the app').fill(code);
    await this.twoFactor.getByRole('button', { name: 'Turn on' }).click();
    const list = this.twoFactor.getByRole('list', { name: 'Backup codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = await list.getByRole('listitem').allTextContents();
    await this.twoFactor.getByRole('button', { name: 'I have saved them' }).click();
    await expect(this.twoFactor.getByText('On', { exact: true })).toBeVisible();
    return codes;
  }

  /** Creates an API token and answers its secret, shown this once. */
  async createToken(name: string, access: 'Read only' | 'Read and write'): Promise<string> {
    await this.apiTokens.getByLabel('Token name').fill(name);
    await this.apiTokens.getByLabel('Access').selectOption({ label: access });
    await this.apiTokens.getByRole('button', { name: 'Create token' }).click();
    const secret = this.apiTokens.getByLabel('New API token');
    await expect(secret).toBeVisible();
    const value = await secret.inputValue();
    await this.apiTokens.getByRole('button', { name: 'Done' }).click();
    await expect(secret).toBeHidden();
    return value;
  }

  async revokeToken(name: string): Promise<void> {
    await this.apiTokens.getByRole('button', { name: `Revoke token ${name}` }).click();
    const dialog = this.page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
  }

  async addPasskey(name: string): Promise<void> {
    await this.passkeys.getByLabel('Passkey name (optional)').fill(name);
    await this.passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(this.passkeys.getByRole('list', { name: 'Passkeys' })).toContainText(name);
  }
}

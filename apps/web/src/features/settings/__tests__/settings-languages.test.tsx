import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeEvent, makeSession, makeToken } from './settings-fixtures';

// Intl writes some spaces as no-break ones (U+00A0, U+202F); compared as plain spaces.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Settings for a user in Europe/Paris, the page in `locale`. */
async function openSettingsIn(locale: 'de-DE' | 'ja-JP', title: string) {
  await changeLocale(locale);
  window.localStorage.setItem('token', 'jwt-token');
  fakeApi({
    'GET /api/auth/me': { body: makeUser({ locale }) },
    'GET /api/auth/sessions': {
      body: [makeSession({ current: true }), makeSession({ userAgent: null, ip: null })],
    },
    'GET /api/auth/2fa': { body: { enabled: true, backupCodesLeft: 1 } },
    'GET /api/auth/passkeys': { body: [] },
    'GET /api/auth/tokens': { body: [makeToken({ scope: 'write' })] },
    'GET /api/auth/events': {
      body: [
        makeEvent({ type: 'sign-in-failed', detail: 'wrong password' }),
        makeEvent({ type: 'token-created', detail: 'Backup script (write)' }),
        makeEvent({ type: 'passkey-added', detail: 'Work laptop' }),
      ],
    },
  });
  renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
}

describe('Settings in other languages', () => {
  it('reads in German: sections, sessions, tokens, events and the rules link', async () => {
    await openSettingsIn('de-DE', 'Einstellungen');
    expect(screen.getByRole('link', { name: 'Regeln verwalten' })).toHaveAttribute(
      'href',
      '/rules',
    );

    const sessions = await screen.findByRole('list', { name: 'Sitzungen' });
    const [current, other] = within(sessions).getAllByRole('listitem');
    expect(current).toHaveTextContent('Chrome unter Linux');
    expect(current).toHaveTextContent('Dieses Gerät');
    // 12:00 UTC is 13:00 in Paris (March: winter time), written the German way.
    expect(plain(current?.textContent ?? null)).toContain('Angemeldet am 10.03.2026, 13:00');
    expect(other).toHaveTextContent('Unbekanntes Gerät');
    expect(
      within(other as HTMLElement).getByRole('button', {
        name: 'Unbekanntes Gerät abmelden, angemeldet am 10.03.2026, 13:00',
      }),
    ).toBeInTheDocument();

    expect(await screen.findByText('Noch 1 Backup-Code übrig.')).toBeInTheDocument();

    const tokens = await screen.findByRole('list', { name: 'API-Tokens' });
    expect(within(tokens).getByText('Lesen und schreiben')).toBeInTheDocument();
    expect(plain(tokens.textContent)).toContain('Läuft ab am 08.06.2099, 14:00');
    expect(tokens).toHaveTextContent('Nie verwendet');

    const events = await screen.findByRole('list', { name: 'Sicherheitsereignisse' });
    const [failed, created, added] = within(events).getAllByRole('listitem');
    expect(failed).toHaveTextContent('Fehlgeschlagene Anmeldung (falsches Passwort)');
    expect(created).toHaveTextContent('API-Token erstellt (Backup script, lesen und schreiben)');
    // A passkey's name is the user's own: shown as recorded.
    expect(added).toHaveTextContent('Passkey hinzugefügt (Work laptop)');
  });

  it('reads in Japanese', async () => {
    await openSettingsIn('ja-JP', '設定');
    const sessions = await screen.findByRole('list', { name: 'セッション' });
    expect(sessions).toHaveTextContent('Chrome（Linux）');
    expect(sessions).toHaveTextContent('このデバイス');
    expect(sessions).toHaveTextContent('サインイン 2026/03/10 13:00');
    expect(await screen.findByText('バックアップコードの残り：1件')).toBeInTheDocument();
    const events = await screen.findByRole('list', { name: 'セキュリティイベント' });
    expect(events).toHaveTextContent('サインイン失敗 (パスワードが違います)');
    expect(screen.getByRole('heading', { level: 2, name: '危険な操作' })).toBeInTheDocument();
  });
});

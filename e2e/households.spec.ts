// Households in two browsers: the owner invites, the second person signs up through the join
// link and joins, a transaction one adds reaches the other's screen within 5 s without a reload
// (live changes) saying who entered it, and the switcher moves between two households. Once at 1280 px in a light
// English browser, once at 360 px in a dark German one.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createUser, PASSWORD, signInWithToken, uniqueEmail } from './support/users';

/** What the spec reads on screen, in each language it runs in. */
const WORDS = {
  en: {
    locale: 'en-US',
    household: (name: string) => `Household: ${name}`,
    personal: 'Personal',
    createInvitation: 'Create invitation',
    role: 'Role',
    editor: 'Editor',
    link: 'Invitation link',
    join: 'Join a household?',
    signUp: 'Create account',
    accept: 'Accept',
    register: 'Create Account',
    password: 'Password',
    setup: 'Save and Continue',
    email: 'Email',
    enteredBy: (email: string) => `by ${email}`,
  },
  de: {
    locale: 'de-DE',
    household: (name: string) => `Haushalt: ${name}`,
    personal: 'Privat',
    createInvitation: 'Einladung erstellen',
    role: 'Rolle',
    editor: 'Bearbeiter',
    link: 'Einladungslink',
    join: 'Einem Haushalt beitreten?',
    signUp: 'Konto erstellen',
    accept: 'Annehmen',
    register: 'Konto erstellen',
    password: 'Passwort',
    setup: 'Speichern und weiter',
    email: 'E-Mail',
    enteredBy: (email: string) => `von ${email}`,
  },
} as const;

const RUNS = [
  { name: '1280 px, light, English', width: 1280, height: 800, scheme: 'light', words: WORDS.en },
  { name: '360 px, dark, German', width: 360, height: 740, scheme: 'dark', words: WORDS.de },
] as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

async function newPage(browser: Browser, run: (typeof RUNS)[number]): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: run.width, height: run.height },
    colorScheme: run.scheme,
    locale: run.words.locale,
  });
  return context.newPage();
}

const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The second person signs up through the link, chooses a currency, and accepts. */
async function joinThroughLink(page: Page, link: string, words: Words): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: words.join })).toBeVisible();
  await page.getByRole('link', { name: words.signUp }).click();
  await page.getByLabel(words.email).fill(uniqueEmail('joiner'));
  await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: words.register }).click();
  await page.getByRole('button', { name: words.setup }).click();
  await expect(page.getByRole('heading', { name: words.join })).toBeVisible();
  await page.getByRole('button', { name: words.accept }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const run of RUNS) {
  test(`two members share a household live, ${run.name}`, async ({ browser, request }) => {
    const { words } = run;
    const owner = await createUser(request, { label: 'owner', locale: words.locale });
    const headers = { Authorization: `Bearer ${owner.token}` };
    const households = await request.get('/api/households', { headers });
    const [personal] = (await households.json()) as Array<{ _id: string; name: string }>;
    // A second household of the owner's, for the switcher.
    const made = await request.post('/api/households', {
      data: { name: 'Holiday', baseCurrency: 'USD' },
      headers,
    });
    expect(made.status()).toBe(201);

    const ownerPage = await newPage(browser, run);
    await signInWithToken(ownerPage, owner.token);
    await ownerPage.goto('/settings/household');
    const switcher = ownerPage.getByRole('button', { name: words.household(words.personal) });
    await expect(switcher).toBeVisible();
    const invitations = ownerPage.getByRole('region', { name: /Invitations|Einladungen/ });
    await invitations.getByLabel(words.role).selectOption({ label: words.editor });
    await invitations.getByRole('button', { name: words.createInvitation }).click();
    const link = await invitations.getByLabel(words.link).inputValue();
    expect(link).toMatch(/\/join\/[\w-]{43,}$/);
    expect(await hasHorizontalScroll(ownerPage)).toBe(false);

    const memberPage = await newPage(browser, run);
    await joinThroughLink(memberPage, new URL(link).pathname, words);
    // The owner's household sign-up made, its name said in the member's language.
    expect(personal!.name).toBe('Personal');
    await expect(
      memberPage.getByRole('button', { name: words.household(words.personal) }),
    ).toBeVisible();
    expect(await hasHorizontalScroll(memberPage)).toBe(false);

    // An account the owner opens (through the API, as another device would) shows on the
    // member's Accounts page without a reload.
    const inHousehold = { ...headers, 'Moneta-Household': personal!._id };
    await memberPage.goto('/accounts');
    await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
    const account = `Savings ${Date.now()}`;
    const opened = await request.post('/api/accounts', {
      data: { name: account, type: 'savings', currency: 'USD', openingBalance: 100 },
      headers: inHousehold,
    });
    expect(opened.status(), await opened.text()).toBe(201);
    await expect(memberPage.getByText(account).first()).toBeVisible({ timeout: 5_000 });

    // Both on the transactions list; the owner adds one, the member's screen shows it.
    await ownerPage.goto('/transactions');
    await memberPage.goto('/transactions');
    await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
    const name = `Shared ${Date.now()}`;
    const added = await request.post('/api/transactions', {
      data: { isIncome: false, name, category: 'Food', cost: 12.5, addedOn: '2026-03-10' },
      headers: inHousehold,
    });
    expect(added.status(), await added.text()).toBe(201);
    await expect(memberPage.getByText(name).first()).toBeVisible({ timeout: 5_000 });
    await expect(ownerPage.getByText(name).first()).toBeVisible({ timeout: 5_000 });
    // In a household of two, each row says who entered it.
    await expect(memberPage.getByText(words.enteredBy(owner.email)).first()).toBeVisible();

    // The switcher moves the owner to the other household, whose list does not hold it.
    await switcher.click();
    await ownerPage.getByRole('menuitemradio', { name: /Holiday/ }).click();
    await expect(ownerPage.getByRole('button', { name: words.household('Holiday') })).toBeVisible();
    await expect(ownerPage.getByText(name)).toHaveCount(0);
    expect(await hasHorizontalScroll(ownerPage)).toBe(false);

    await ownerPage.context().close();
    await memberPage.context().close();
  });
}

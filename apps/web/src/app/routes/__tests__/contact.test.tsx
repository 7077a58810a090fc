import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

async function openContact({ withFakeTimers = false } = {}) {
  const user = userEvent.setup(
    withFakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {},
  );
  renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  return user;
}

describe('contact page', () => {
  it('shows a success banner for 5 seconds, then clears the form, sending nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = fakeApi({});
    const user = await openContact({ withFakeTimers: true });

    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@moneta.dev');
    await user.selectOptions(screen.getByLabelText('Inquiry type'), 'feature');
    await user.type(screen.getByLabelText('Subject'), 'Dark charts');
    await user.type(screen.getByLabelText('Message'), 'Could the charts follow the theme?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Thank you for reaching out!');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText(/Thank you for reaching out!/)).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(/Thank you for reaching out!/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Inquiry type')).toHaveValue('general');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires name, a valid email, subject and message', async () => {
    fakeApi({});
    const user = await openContact();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message.')).toBeInTheDocument();
    expect(screen.queryByText(/Thank you for reaching out!/)).not.toBeInTheDocument();
  });

  it('offers the five inquiry types and the support claims', async () => {
    fakeApi({});
    await openContact();
    const options = within(screen.getByLabelText('Inquiry type')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      'general',
      'technical',
      'billing',
      'feature',
      'partnership',
    ]);
    expect(screen.getByText('Mon to Fri 9am to 5pm')).toBeInTheDocument();
    expect(screen.getByText('We reply within 24 hours.')).toBeInTheDocument();
  });

  it('keeps one FAQ answer open at a time and scrolls to the top on opening', async () => {
    fakeApi({});
    const user = await openContact();
    const free = screen.getByRole('button', { name: 'Is Moneta free to use?' });
    const safe = screen.getByRole('button', { name: 'Is my financial data safe?' });
    const receipts = screen.getByRole('button', { name: 'How does receipt scanning work?' });
    expect(free).toHaveAttribute('aria-expanded', 'false');

    await user.click(free);
    expect(free).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Is Moneta free to use?' })).toBeVisible();
    expect(window.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));

    await user.click(receipts);
    expect(receipts).toHaveAttribute('aria-expanded', 'true');
    expect(free).toHaveAttribute('aria-expanded', 'false');
    expect(safe).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/reads receipts on your own server/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Is Moneta free to use?' })).toBeNull();

    await user.click(receipts);
    expect(receipts).toHaveAttribute('aria-expanded', 'false');
  });
});

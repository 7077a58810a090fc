import { describe, expect, it } from 'vitest';
import { createRefusalBudget, isRefusal } from './refusal-budget';

function budgetAt(perMinute: number) {
  const clock = { ms: 1_000_000 };
  const budget = createRefusalBudget({ perMinute, pauseMs: 0, now: () => clock.ms });
  return { budget, clock };
}

describe('refusal budget', () => {
  it('lets a user be refused a minute’s worth at once, then holds them until one comes back', () => {
    const { budget, clock } = budgetAt(6);
    for (let refusal = 0; refusal < 5; refusal++) {
      budget.charge('alice');
      expect(budget.isOverdrawn('alice')).toBe(false);
    }
    budget.charge('alice');
    expect(budget.isOverdrawn('alice')).toBe(true);
    // Six a minute: one comes back every 10 s.
    expect(budget.secondsUntilAllowed('alice')).toBe(10);
    clock.ms += 9_000;
    expect(budget.isOverdrawn('alice')).toBe(true);
    expect(budget.secondsUntilAllowed('alice')).toBe(1);
    clock.ms += 1_000;
    expect(budget.isOverdrawn('alice')).toBe(false);
    expect(budget.secondsUntilAllowed('alice')).toBe(0);
    budget.charge('alice');
    expect(budget.isOverdrawn('alice')).toBe(true);
  });

  it('keeps each user’s budget apart', () => {
    const { budget } = budgetAt(2);
    budget.charge('alice');
    budget.charge('alice');
    expect(budget.isOverdrawn('alice')).toBe(true);
    expect(budget.isOverdrawn('bob')).toBe(false);
    expect(budget.secondsUntilAllowed('bob')).toBe(0);
  });

  it('never refills past a minute’s worth, however long the user was away', () => {
    const { budget, clock } = budgetAt(3);
    budget.charge('alice');
    clock.ms += 3_600_000;
    for (let refusal = 0; refusal < 3; refusal++) budget.charge('alice');
    expect(budget.isOverdrawn('alice')).toBe(true);
  });

  it('counts refusals of input only', () => {
    expect([400, 413, 415, 422].every(isRefusal)).toBe(true);
    expect([200, 201, 204, 401, 403, 404, 409, 429, 500, 503].some(isRefusal)).toBe(false);
  });
});

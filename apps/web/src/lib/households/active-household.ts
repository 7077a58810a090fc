import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The household the app acts on: every API request names it (`Moneta-Household`, lib/api-client.ts).
 * Kept per user on this device, so that two people sharing a browser keep their own; null means
 * the user's default household (the server's choice when no header is sent).
 */
const listeners = new Set<() => void>();

function storedJson(key: string): unknown {
  try {
    return JSON.parse(readStorage(key) ?? 'null');
  } catch {
    return null;
  }
}

function storedChoices(): Record<string, string> {
  const parsed = storedJson(STORAGE_KEYS.activeHouseholds);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
}

/**
 * From the first request on: the pages' data is asked for before the session's user answers
 * (app/router.tsx), so the choice of the user this device last saw is taken at once.
 */
function lastUserChoice(): string | null {
  const lastUser = storedJson(STORAGE_KEYS.lastUser);
  const userId =
    typeof lastUser === 'object' && lastUser !== null ? Reflect.get(lastUser, '_id') : undefined;
  return typeof userId === 'string' ? (storedChoices()[userId] ?? null) : null;
}

let active: string | null = lastUserChoice();

function publish(householdId: string | null): void {
  if (householdId === active) return;
  active = householdId;
  for (const listener of listeners) listener();
}

/** The user's last choice on this device becomes the active household; no user, none. */
export function restoreActiveHousehold(userId: string | null): void {
  publish(userId ? (storedChoices()[userId] ?? null) : null);
}

/** Makes `householdId` the user's active household here (null: back to the default). */
export function setActiveHousehold(userId: string, householdId: string | null): void {
  const choices = storedChoices();
  if (householdId) choices[userId] = householdId;
  else delete choices[userId];
  writeStorage(STORAGE_KEYS.activeHouseholds, JSON.stringify(choices));
  publish(householdId);
}

/** The active household's id, or null for the default; read by the HTTP client. */
export function activeHouseholdId(): string | null {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveHouseholdId(): string | null {
  return useSyncExternalStore(subscribe, activeHouseholdId, activeHouseholdId);
}

import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, removeStorage, writeStorage } from './storage';

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.lastUser);
}

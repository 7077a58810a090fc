import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Deletes the signed-in user's account and everything in it. */
export function deleteAccount(): Promise<{ message: string }> {
  return api.delete<{ message: string }>('/users/account');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Deletes the signed-in user (their login account) and everything in it. */
export function deleteUser(): Promise<{ message: string }> {
  return api.delete<{ message: string }>('/users/account');
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser });
}

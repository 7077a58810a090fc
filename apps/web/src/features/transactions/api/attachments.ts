import type { Attachment } from '@moneta/shared/attachment-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

const attachmentsPath = (transactionId: string) =>
  `/transactions/${encodeURIComponent(transactionId)}/attachments`;

export const attachmentsQueryOptions = (transactionId: string) =>
  queryOptions({
    queryKey: queryKeys.attachments.list(transactionId),
    queryFn: () => api.get<Attachment[]>(attachmentsPath(transactionId)),
  });

/** A transaction's files: its receipt first, then the others as attached. */
export function useAttachments(transactionId: string) {
  return useQuery(attachmentsQueryOptions(transactionId));
}

/** The file itself, fetched with the session's token (an <img> cannot send it). */
export function fetchAttachmentFile(attachment: Attachment): Promise<Blob> {
  return api.download(
    `${attachmentsPath(attachment.transactionId)}/${encodeURIComponent(attachment._id)}/file`,
  );
}

export type AttachmentUpload = {
  file: File;
  /** Gets 0 to 1 as the file is sent. */
  onProgress: (fraction: number) => void;
};

export function useUploadAttachment(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: AttachmentUpload) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.uploadWithProgress<Attachment>(attachmentsPath(transactionId), form, onProgress);
    },
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.attachmentWrite(transactionId)),
  });
}

export function useDeleteAttachment(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachment: Attachment) =>
      api.delete<{ message: string }>(
        `${attachmentsPath(transactionId)}/${encodeURIComponent(attachment._id)}`,
      ),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.attachmentWrite(transactionId)),
  });
}

import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { takeSharedFile } from '../utils/shared-file';

/**
 * A file shared from another app (the service worker kept it, the page opened with ?shared=1):
 * handed to `onShared` once, null when it is no longer there.
 */
export function useSharedReceiptFile(onShared: (file: File | null) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const isShared = searchParams.get('shared') === '1';
  const onSharedRef = useRef(onShared);
  useEffect(() => {
    onSharedRef.current = onShared;
  });

  useEffect(() => {
    if (!isShared) return;
    let isCurrent = true;
    void takeSharedFile().then((shared) => {
      if (!isCurrent) return;
      // The flag has done its work: a reload or Back must not look for the file again.
      setSearchParams(
        (params) => {
          params.delete('shared');
          return params;
        },
        { replace: true },
      );
      onSharedRef.current(shared);
    });
    return () => {
      isCurrent = false;
    };
  }, [isShared, setSearchParams]);
}

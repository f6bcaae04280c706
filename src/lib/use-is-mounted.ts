import { useCallback, useEffect, useRef } from 'react';

/** Whether the component is still on screen, for work that ends after its page may be gone. */
export function useIsMounted(): () => boolean {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => mounted.current, []);
}

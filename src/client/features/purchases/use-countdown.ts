import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (an ISO instant), updated every second; 0 once it has passed. */
export function useCountdown(deadline: string): number {
  const end = new Date(deadline).getTime();
  const [left, setLeft] = useState(() => Math.max(0, end - Date.now()));
  useEffect(() => {
    const tick = () => {
      const now = Math.max(0, end - Date.now());
      setLeft(now);
      if (now === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [end]);
  return left;
}

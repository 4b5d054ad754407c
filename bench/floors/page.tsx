// The remote of the federation floor (bench/lib/floors.mjs): one page.
import { useState } from 'react';
export default function Page() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      Welcome {n}
    </button>
  );
}

import logo from './assets/favicon.svg';

/** The Canteiro mark and word. */
export function Logo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <img src={logo} alt="Canteiro" width={size} height={size} />
      {withName ? (
        <span style={{ fontWeight: 700, fontSize: size * 0.62, color: '#1b3a1c', letterSpacing: 0.2 }}>Canteiro</span>
      ) : null}
    </span>
  );
}

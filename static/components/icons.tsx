/** Inline SVG icons (no icon font, no network): decorative, so hidden from screen readers. */
import type { JSX } from 'preact'

const Svg = ({ children, size = 18 }: { children: JSX.Element | JSX.Element[]; size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
)

export const EyeIcon = () => (
  <Svg>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
)

export const EyeOffIcon = () => (
  <Svg>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
)

export const LockIcon = () => (
  <Svg size={14}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Svg>
)

export const MenuIcon = () => (
  <Svg size={22}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
)

export const UpIcon = () => (
  <Svg size={16}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
)

export const DownIcon = () => (
  <Svg size={16}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </Svg>
)

export const TrashIcon = () => (
  <Svg size={16}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
  </Svg>
)

export const CopyIcon = () => (
  <Svg size={16}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </Svg>
)

/** The app mark (same drawing as favicon.svg): a database cylinder with a magnifier. */
export const LogoIcon = () => (
  <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="7" fill="var(--primary)" />
    <ellipse cx="14" cy="10" rx="7" ry="3" fill="none" stroke="#fff" stroke-width="2" />
    <path d="M7 10v10c0 1.7 3.1 3 7 3M21 10v4" fill="none" stroke="#fff" stroke-width="2" />
    <circle cx="21.5" cy="20.5" r="3.5" fill="none" stroke="#fff" stroke-width="2" />
    <path d="M24 23l3 3" stroke="#fff" stroke-width="2" stroke-linecap="round" />
  </svg>
)

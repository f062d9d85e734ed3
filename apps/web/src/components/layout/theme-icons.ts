import MonitorIcon from 'lucide-react/icons/monitor';
import MoonIcon from 'lucide-react/icons/moon';
import SunIcon from 'lucide-react/icons/sun';
import type { Theme } from '@/lib/theme';

export const THEME_ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } satisfies Record<Theme, unknown>;

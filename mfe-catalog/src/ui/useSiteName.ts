import { useRuntimeSetting } from './useRuntimeSetting';

/** The configurable site name (DECISIONS 20), kept up to date if the runtime config changes. */
export function useSiteName(): string {
  return useRuntimeSetting('siteName');
}

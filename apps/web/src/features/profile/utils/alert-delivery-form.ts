import { alertChannelSettingsUpdateBody } from '@preciofab/shared/contracts/alert-channels';

/** The delivery form: both fields of the contract's update, each required here (the form always
 * shows both). Its messages are the contract's. */
export const alertDeliveryFormSchema = alertChannelSettingsUpdateBody.required();

/** The zones to choose from: the browser's list, with the saved one kept even when the browser does
 * not know it. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(known);
  zones.add(current);
  zones.add('UTC');
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** "08:00" for 8, in the 24-hour clock both languages use for a time of day. */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

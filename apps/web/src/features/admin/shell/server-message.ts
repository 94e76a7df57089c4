import { adminRugMessages } from '@knotwork/shared/schemas/catalogue-staff';
import { adminSaleMessages } from '@knotwork/shared/schemas/sale-building-staff';
import { adminBidderMessages } from '@knotwork/shared/schemas/bidders-staff';
import { strikeMessages } from '@knotwork/shared/schemas/strikes';
import { adminRegistrationMessages } from '@knotwork/shared/schemas/registrations-staff';
import { adminStaffMessages } from '@knotwork/shared/schemas/staff';
import { adminSettingsMessages } from '@knotwork/shared/schemas/house-settings-staff';
import { adminContentMessages } from '@knotwork/shared/schemas/content-staff';
import { shipmentMessages } from '@knotwork/shared/schemas/shipments';
import { adminConsignorMessages } from '@knotwork/shared/schemas/consignors-staff';
import { consignmentTermsMessages } from '@knotwork/shared/consignments/terms';
import { reofferMessages } from '@knotwork/shared/schemas/consignment-reoffers';
import { identityStaffMessages } from '@knotwork/shared/messages/identity';
import { conditionReportStaffMessages } from '@knotwork/shared/messages/condition-reports';
import { i18n } from '@/lib/i18n.ts';
import { translateMessage } from '@/lib/messages.ts';

/** English text → key under admin:server (sale and bidder messages carry a prefix so their ids cannot clash). */
const ids = new Map<string, string>([
  // Consignors and consignments (decision 086) and the terms of a receipt (085): their own namespace, loaded by
  // the consignor pages. First, so a text other screens also use ("Rug not found") keeps their key, which every
  // back-office page has loaded.
  ...Object.entries(adminConsignorMessages).map(([id, text]): [string, string] => [
    text,
    `admin-consignors:server.${id}`,
  ]),
  ...Object.entries(consignmentTermsMessages).map(([id, text]): [string, string] => [
    text,
    `admin-consignors:server.terms_${id}`,
  ]),
  // Returning and re-offering unsold rugs (decision 089), in the same namespace.
  ...Object.entries(reofferMessages).map(([id, text]): [string, string] => [
    text,
    `admin-consignors:reoffer.server.${id}`,
  ]),
  ...Object.entries(adminRugMessages).map(([id, text]): [string, string] => [text, id]),
  ...Object.entries(adminSaleMessages).map(([id, text]): [string, string] => [text, `sale_${id}`]),
  ...Object.entries(adminBidderMessages).map(([id, text]): [string, string] => [text, `bidder_${id}`]),
  ...Object.entries(strikeMessages).map(([id, text]): [string, string] => [text, `strike_${id}`]),
  ...Object.entries(adminRegistrationMessages).map(([id, text]): [string, string] => [
    text,
    `registration_${id}`,
  ]),
  ...Object.entries(adminStaffMessages).map(([id, text]): [string, string] => [text, `staff_${id}`]),
  // Settings' messages live in their own namespace (a full key).
  ...Object.entries(adminSettingsMessages).map(([id, text]): [string, string] => [
    text,
    `admin-settings:server.${id}`,
  ]),
  // Shipments' messages (decision 073) live in the shipment block of the admin namespace.
  ...Object.entries(shipmentMessages).map(([id, text]): [string, string] => [
    text,
    `admin:shipment.server.${id}`,
  ]),
  // Identity checks (decision 093): their words live with the review screen's, in admin-house.
  ...Object.entries(identityStaffMessages).map(([id, text]): [string, string] => [
    text,
    `admin-house:identity.server.${id}`,
  ]),
  // The condition-report desk (decision 095): in admin-settings, which every back-office page loads.
  ...Object.entries(conditionReportStaffMessages).map(([id, text]): [string, string] => [
    text,
    `admin-settings:conditionReports.server.${id}`,
  ]),
  // The engine's increment-table rules (packages/shared/src/bidding/increments.ts), shown as the person types.
  ['The increment table needs at least one row', 'increments_empty'],
  ['The increment table must start at 0', 'increments_start'],
  ['Increment rows need whole, positive amounts', 'increments_whole'],
  ['Increment rows must be in ascending order', 'increments_order'],
]);

/** The content screens' messages live in their own namespace (admin-content:server). */
const contentIds = new Map(
  Object.entries(adminContentMessages).map(([id, text]): [string, string] => [text, id]),
);

/**
 * A fixed English message of the staff API in the page's language: the back office's own (admin namespace),
 * else the shared catalogue's, else as it came.
 */
export function adminMessage(text: string | undefined): string {
  if (!text) return '';
  const id = ids.get(text);
  if (id) return i18n.t(id.includes(':') ? id : `admin:server.${id}`, { defaultValue: text });
  const content = contentIds.get(text);
  return content ? i18n.t(`admin-content:server.${content}`, { defaultValue: text }) : translateMessage(text);
}

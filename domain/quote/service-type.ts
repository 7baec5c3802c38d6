import * as v from 'valibot';

/** The kinds of work a visitor can ask a quote for, in the order the form lists them. */
export const serviceTypes = ['emergency', 'heating', 'bathroom', 'general', 'maintenance', 'other'] as const;

export type ServiceType = (typeof serviceTypes)[number];

export const serviceTypeLabels: Readonly<Record<ServiceType, string>> = {
  emergency: 'Emergency Plumbing',
  heating: 'Heating Services',
  bathroom: 'Bathroom Installation',
  general: 'General Repairs',
  maintenance: 'Maintenance',
  other: 'Other',
};

export const ServiceTypeSchema = v.picklist(serviceTypes, 'Choose a service type from the list');

import { Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useQuery } from '@tanstack/react-query';
import {
  attitudes,
  contactInputSchema,
  correspondenceFormSchema,
  correspondenceTypes,
  countries,
  organisationInputSchema,
  organisationTypes,
  REPRESENTATION_LIMITS as L,
} from '@planning/shared';
import { fetchEvents, fetchSalutations, fetchTopics, managerQueryKeys } from '../api';
import { drawerRule, given } from '../formRules';

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Spec 02 §3 Organisation and §5 its rules (the server's `organisationInputSchema`). */
export const organisationFieldNames = [
  'organisationName',
  'organisationType',
  'email',
  'phoneNumber',
  'addressLine1',
  'addressLine2',
  'town',
  'country',
  'postcode',
] as const;

export function OrganisationFields() {
  const rule = (field: string) => [drawerRule(organisationInputSchema, field, { pick: pickOrganisation })];
  return (
    <>
      <Form.Item label="Organisation name" name="organisationName" rules={rule('organisationName')}>
        <Input autoComplete="organization" maxLength={L.nameMax + 1} />
      </Form.Item>
      <Form.Item label="Organisation type" name="organisationType" rules={rule('organisationType')}>
        <Select options={choices(organisationTypes)} placeholder="Choose a type" allowClear />
      </Form.Item>
      <Form.Item label="Email (optional)" name="email" rules={rule('email')}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Phone number (optional)" name="phoneNumber" rules={rule('phoneNumber')}>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <AddressFields rule={rule} />
    </>
  );
}

export const pickOrganisation = (all: Record<string, unknown>) =>
  Object.fromEntries(organisationFieldNames.map((name) => [name, all[name]]));

/** Spec 02 §3 Organisation address: two lines, town, country (the four nations), postcode. */
function AddressFields({
  rule,
  path = [],
}: {
  rule: (field: string) => FormRule[];
  path?: (string | number)[];
}) {
  const name = (field: string): NamePath => [...path, field];
  return (
    <fieldset className="rep-fieldset">
      <legend>Address (optional)</legend>
      <Form.Item label="Address line 1" name={name('addressLine1')} rules={rule('addressLine1')}>
        <Input autoComplete="address-line1" />
      </Form.Item>
      <Form.Item label="Address line 2" name={name('addressLine2')} rules={rule('addressLine2')}>
        <Input autoComplete="address-line2" />
      </Form.Item>
      <Form.Item label="Town" name={name('town')} rules={rule('town')}>
        <Input autoComplete="address-level2" />
      </Form.Item>
      <Form.Item label="Country" name={name('country')} rules={rule('country')}>
        <Select options={choices(countries)} placeholder="Choose a country" allowClear />
      </Form.Item>
      <Form.Item label="Postcode" name={name('postcode')} rules={rule('postcode')}>
        <Input autoComplete="postal-code" className="rep-input--short" />
      </Form.Item>
    </fieldset>
  );
}

type ContactFieldsProps = {
  /** Where the contact's values sit in the form: a key, or a list and an index. */
  path: (string | number)[];
  /** The fields' names, when inside a Form.List (relative to the list item). */
  names?: (string | number)[];
  /** The contact's type, for the schema's checks (an agent needs a job title). */
  contactType: 'individual' | 'organisation' | 'agent';
  withAddress?: boolean;
  /** An agent's firm: organisations to choose from. */
  organisationField?: React.ReactNode;
};

/** Spec 02 §3 Contact and §5 its rules (the server's `contactInputSchema`). */
export function ContactFields({
  path,
  names,
  contactType,
  withAddress = false,
  organisationField,
}: ContactFieldsProps) {
  const salutations = useQuery({
    queryKey: managerQueryKeys.salutations,
    queryFn: ({ signal }) => fetchSalutations(signal),
    staleTime: Infinity,
  });
  const pick = (all: Record<string, unknown>) => {
    let value: unknown = all;
    for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key];
    // An organisation's contacts are checked before the organisation exists: a stand-in id.
    return {
      organisationId: contactType === 'organisation' ? '00000000-0000-4000-8000-000000000000' : undefined,
      ...((value ?? {}) as Record<string, unknown>),
      contactType,
    };
  };
  // The agent's firm and job title are checked after the fields every contact has (zod refines a
  // whole object only once it parses): stand-in names let those two be told at the same time.
  const crossChecked = (all: Record<string, unknown>) => ({
    firstName: 'A',
    lastName: 'B',
    ...given(pick(all)),
  });
  const rule = (field: string) => [
    drawerRule(contactInputSchema, field, {
      pick: field === 'organisationId' || field === 'jobTitle' ? crossChecked : pick,
    }),
  ];
  const name = (field: string): NamePath => [...(names ?? path), field];
  return (
    <>
      <Form.Item label="Title (optional)" name={name('title')}>
        <Select
          options={choices(salutations.data ?? [])}
          loading={salutations.isPending}
          placeholder="Choose a title"
          allowClear
          className="rep-input--short"
        />
      </Form.Item>
      <Form.Item label="First name" name={name('firstName')} rules={rule('firstName')}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name={name('lastName')} rules={rule('lastName')}>
        <Input autoComplete="family-name" />
      </Form.Item>
      {organisationField}
      <Form.Item
        label={contactType === 'agent' ? 'Job title' : 'Job title (optional)'}
        name={name('jobTitle')}
        rules={rule('jobTitle')}
      >
        <Input autoComplete="organization-title" />
      </Form.Item>
      <Form.Item label="Email (optional)" name={name('email')} rules={rule('email')}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Phone number (optional)" name={name('contactNumber')} rules={rule('contactNumber')}>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      {withAddress && <AddressFields rule={rule} path={names ?? path} />}
    </>
  );
}

/** The contact's values as `contactInputSchema` takes them. */
export function contactValues(
  values: Record<string, unknown> | undefined,
  contactType: 'individual' | 'organisation' | 'agent',
) {
  const source = values ?? {};
  const text = (key: string) => {
    const value = source[key];
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return {
    contactType,
    title: text('title'),
    firstName: String(source.firstName ?? ''),
    lastName: String(source.lastName ?? ''),
    jobTitle: text('jobTitle'),
    email: text('email'),
    contactNumber: text('contactNumber'),
    addressLine1: text('addressLine1'),
    addressLine2: text('addressLine2'),
    town: text('town'),
    country: (text('country') as (typeof countries)[number] | null) ?? null,
    postcode: text('postcode'),
    organisationId: text('organisationId'),
    isPrimary: source.isPrimary === true,
  };
}

export const correspondenceFieldNames = [
  'event',
  'correspondence',
  'letterDate',
  'receivedDate',
  'aknowledgeDate',
  'dueDate',
  'attitude',
  'topicIds',
  'originalText',
] as const;

const pickCorrespondence = (all: Record<string, unknown>) =>
  Object.fromEntries(
    ['event', 'correspondence', 'letterDate', 'receivedDate', 'aknowledgeDate', 'dueDate'].map((key) => [
      key,
      all[key],
    ]),
  );

/**
 * Spec 02 §3 Consultation correspondence form (event, correspondence, letterDate, receivedDate,
 * aknowledgeDate, dueDate) with the spec's messages, then the attitude, topics and the text as
 * received, pasted in.
 */
export function CorrespondenceFields() {
  const events = useQuery({
    queryKey: managerQueryKeys.events,
    queryFn: ({ signal }) => fetchEvents(signal),
  });
  const topics = useQuery({
    queryKey: managerQueryKeys.topics,
    queryFn: ({ signal }) => fetchTopics(signal),
    refetchInterval: L.topicsRefetchMs,
  });
  const rule = (field: string) => [drawerRule(correspondenceFormSchema, field, { pick: pickCorrespondence })];
  return (
    <>
      <Form.Item label="Consultation event" name="event" rules={rule('event')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={events.isPending}
          placeholder="Choose the event"
          options={(events.data ?? []).map((event) => ({ value: event.id, label: event.name }))}
        />
      </Form.Item>
      <Form.Item label="Correspondence" name="correspondence" rules={rule('correspondence')}>
        <Select options={choices(correspondenceTypes)} placeholder="How it arrived" />
      </Form.Item>
      <div className="rep-dates">
        <Form.Item label="Letter date (optional)" name="letterDate" rules={rule('letterDate')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label="Received date" name="receivedDate" rules={rule('receivedDate')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label="Acknowledged date" name="aknowledgeDate" rules={rule('aknowledgeDate')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label="Due date (optional)" name="dueDate" rules={rule('dueDate')}>
          <Input type="date" />
        </Form.Item>
      </div>
      <Form.Item label="Attitude (optional)" name="attitude">
        <Select options={choices(attitudes)} placeholder="Support, neutral or oppose" allowClear />
      </Form.Item>
      <Form.Item label="Topics (optional)" name="topicIds">
        <Select
          mode="multiple"
          loading={topics.isPending}
          placeholder="Choose topics"
          showSearch={{ optionFilterProp: 'label' }}
          options={(topics.data ?? []).map((topic) => ({ value: topic.id, label: topic.name }))}
        />
      </Form.Item>
      <Form.Item
        label="Text as received (optional)"
        name="originalText"
        extra="Paste the letter or email as it arrived; it is kept unchanged, and redacted in the editor."
      >
        <Input.TextArea rows={8} maxLength={L.textMax} />
      </Form.Item>
    </>
  );
}

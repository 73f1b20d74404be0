import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Radio } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatPostcode,
  isUkPostcode,
  representationMessages as m,
  representeeTypeLabels,
  type Contact,
  type Organisation,
  type OrganisationInput,
  type RepresenteeType,
} from '@planning/shared';
import { createContacts, createOrganisation, managerQueryKeys } from '../api';
import { representeeSteps } from '../managerRoutes';
import {
  ContactFields,
  contactValues,
  OrganisationFields,
  organisationFieldNames,
} from '../components/fields';
import { MultiStepDrawer, useDrawerStep, type StepRouting } from '../components/MultiStepDrawer';
import { failureText } from '../failureText';

export type SavedRepresentee =
  | { type: 'organisation'; organisation: Organisation; contacts: Contact[] }
  | { type: 'privateIndividual'; contact: Contact };

type RepresenteeDrawerProps = {
  open: boolean;
  /** Top-level: the step is in the address; null when opened from another drawer. */
  routing: StepRouting | null;
  initialType: RepresenteeType;
  /** The menu (organisation or private individual) first; skipped when the caller has chosen. */
  withMenu: boolean;
  nested?: boolean;
  onClose: () => void;
  onSaved?: (saved: SavedRepresentee) => void;
};

type Values = Record<string, unknown> & {
  representeeType: RepresenteeType;
  contacts?: Record<string, unknown>[];
  person?: Record<string, unknown>;
};

const fieldsOfStep: Record<string, (values: Values) => (string | number)[][]> = {
  menu: () => [['representeeType']],
  organisation: () => organisationFieldNames.map((name) => [name]),
  contacts: (values) =>
    (values.contacts ?? []).flatMap((_, index) =>
      ['firstName', 'lastName', 'jobTitle', 'email', 'contactNumber'].map((field) => [
        'contacts',
        index,
        field,
      ]),
    ),
  contact: () =>
    [
      'firstName',
      'lastName',
      'jobTitle',
      'email',
      'contactNumber',
      'addressLine1',
      'addressLine2',
      'town',
      'country',
      'postcode',
    ].map((field) => ['person', field]),
};

/**
 * Spec 02 §4 Flows: a new representee. The menu (organisation or private individual), then an
 * organisation's details, its contacts and confirm ('Organisation: menu, organisation details,
 * contact details, then confirm'), or a private individual's details and confirm.
 */
export function RepresenteeDrawer({
  open,
  routing,
  initialType,
  withMenu,
  nested = false,
  onClose,
  onSaved,
}: RepresenteeDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const type =
    (Form.useWatch('representeeType', { form, preserve: true }) as RepresenteeType | undefined) ??
    initialType;
  const steps = representeeSteps(type, withMenu);
  const { index, key, goTo } = useDrawerStep(steps, routing);

  const save = useMutation({
    mutationFn: async (values: Values): Promise<SavedRepresentee> => {
      if (values.representeeType === 'privateIndividual') {
        const { contacts } = await createContacts([contactValues(values.person, 'individual')]);
        return { type: 'privateIndividual', contact: contacts[0]! };
      }
      const organisation = await createOrganisation(
        Object.fromEntries(
          organisationFieldNames.map((name) => [name, values[name] || null]),
        ) as OrganisationInput,
      );
      const people = (values.contacts ?? []).filter(
        (person) => person && (person.firstName || person.lastName),
      );
      const created = people.length
        ? (
            await createContacts(
              people.map((person, position) => ({
                ...contactValues(person, 'organisation'),
                organisationId: organisation.id,
                isPrimary: position === 0,
              })),
            )
          ).contacts
        : [];
      return { type: 'organisation', organisation, contacts: created };
    },
    onSuccess: (saved) => {
      void message.success(
        m.succeeded(saved.type === 'organisation' ? 'organisation saved' : 'person saved'),
      );
      void queryClient.invalidateQueries({ queryKey: managerQueryKeys.all });
      onSaved?.(saved);
      onClose();
    },
  });

  const validateStep = async () => {
    const values = form.getFieldsValue(true) as Values;
    const names = fieldsOfStep[key]?.(values) ?? [];
    try {
      await form.validateFields(names);
      return true;
    } catch {
      return false;
    }
  };

  const title = nested
    ? type === 'organisation'
      ? 'New organisation'
      : 'New private individual'
    : 'New representee';

  return (
    <MultiStepDrawer
      open={open}
      title={title}
      steps={steps}
      current={index}
      onNext={validateStep}
      onStep={goTo}
      onFinish={() => save.mutate(form.getFieldsValue(true) as Values)}
      finishLabel={type === 'organisation' ? 'Create organisation' : 'Create contact'}
      busy={save.isPending}
      dirty={dirty}
      onClose={onClose}
      error={save.isError ? failureText(save.error, 'Failed to save') : null}
      nested={nested}
    >
      <Form<Values>
        form={form}
        name={nested ? 'nested-representee' : 'representee'}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={{ representeeType: initialType, contacts: [{}] }}
        onValuesChange={() => setDirty(true)}
        preserve
      >
        {key === 'menu' && (
          <Form.Item label="Who sent the representation?" name="representeeType">
            <Radio.Group
              aria-label="Who sent the representation?"
              className="rep-choice"
              options={(['organisation', 'privateIndividual'] as const).map((value) => ({
                value,
                label: representeeTypeLabels[value],
              }))}
            />
          </Form.Item>
        )}
        {key === 'organisation' && <OrganisationFields />}
        {key === 'contacts' && <OrganisationContacts />}
        {key === 'contact' && <ContactFields path={['person']} contactType="individual" withAddress />}
        {key === 'confirm' && <RepresenteeSummary values={form.getFieldsValue(true) as Values} />}
      </Form>
    </MultiStepDrawer>
  );
}

/** An organisation's people: the first is its primary contact. */
function OrganisationContacts() {
  return (
    <Form.List name="contacts">
      {(items, { add, remove }) => (
        <>
          <p className="rep-hint">
            The people to write to at the organisation; the first is its primary contact.
          </p>
          {items.map((item, position) => (
            <fieldset key={item.key} className="rep-fieldset">
              <legend>{position === 0 ? 'Primary contact' : `Contact ${position + 1}`}</legend>
              <ContactFields path={['contacts', item.name]} names={[item.name]} contactType="organisation" />
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(item.name)}
                aria-label={`Remove contact ${position + 1}`}
              >
                Remove
              </Button>
            </fieldset>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({})}>
            Add a contact
          </Button>
        </>
      )}
    </Form.List>
  );
}

function RepresenteeSummary({ values }: { values: Values }) {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : '—');
  const postcode = (value: unknown) =>
    typeof value === 'string' && isUkPostcode(value) ? formatPostcode(value) : text(value);
  if (values.representeeType === 'privateIndividual') {
    const person = values.person ?? {};
    return (
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Type">Private individual</Descriptions.Item>
        <Descriptions.Item label="Name">
          {[person.title, person.firstName, person.lastName].filter(Boolean).join(' ')}
        </Descriptions.Item>
        <Descriptions.Item label="Email">{text(person.email)}</Descriptions.Item>
        <Descriptions.Item label="Phone number">{text(person.contactNumber)}</Descriptions.Item>
        <Descriptions.Item label="Postcode">{postcode(person.postcode)}</Descriptions.Item>
      </Descriptions>
    );
  }
  const people = (values.contacts ?? []).filter((person) => person && (person.firstName || person.lastName));
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="Type">Organisation</Descriptions.Item>
      <Descriptions.Item label="Organisation name">{text(values.organisationName)}</Descriptions.Item>
      <Descriptions.Item label="Organisation type">{text(values.organisationType)}</Descriptions.Item>
      <Descriptions.Item label="Email">{text(values.email)}</Descriptions.Item>
      <Descriptions.Item label="Phone number">{text(values.phoneNumber)}</Descriptions.Item>
      <Descriptions.Item label="Postcode">{postcode(values.postcode)}</Descriptions.Item>
      <Descriptions.Item label="Contacts">
        {people.length
          ? people
              .map((person) => `${String(person.firstName ?? '')} ${String(person.lastName ?? '')}`)
              .join(', ')
          : 'None'}
      </Descriptions.Item>
    </Descriptions>
  );
}

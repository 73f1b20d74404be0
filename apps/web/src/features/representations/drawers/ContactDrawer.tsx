import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form } from 'antd';
import { contactInputSchema, representationMessages as m, type Contact } from '@planning/shared';
import { createContacts, fetchContact, managerQueryKeys } from '../api';
import { ContactFields, contactValues } from '../components/fields';
import { MultiStepDrawer, useDrawerStep } from '../components/MultiStepDrawer';
import { RecordSelect } from '../components/RecordSelect';
import { failureText } from '../failureText';
import { drawerRule, given } from '../formRules';

type ContactDrawerProps = {
  open: boolean;
  /** An agent (acts for clients; needs their firm and job title) or a private individual. */
  kind: 'agent' | 'individual';
  onClose: () => void;
  onSaved: (contact: Contact) => void;
};

const labels = {
  agent: { title: 'Agent', noun: 'agent' },
  individual: { title: 'Private individual', noun: 'contact' },
} as const;

const steps = [
  { key: 'select', title: 'Find' },
  { key: 'details', title: 'New contact' },
];

/**
 * Spec 02 §4 Flows 'Contact: select contact, else create': an agent or a private individual,
 * found among the contacts or added. Opened from the representation drawer.
 */
export function ContactDrawer({ open, kind, onClose, onSaved }: ContactDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ chosen?: string; person?: Record<string, unknown> }>();
  const [dirty, setDirty] = useState(false);
  const { index, key, goTo } = useDrawerStep(steps, null);
  const chosen = Form.useWatch('chosen', { form, preserve: true });
  const { noun, title } = labels[kind];

  const finish = (contact: Contact) => {
    void queryClient.invalidateQueries({ queryKey: managerQueryKeys.all });
    onSaved(contact);
    onClose();
  };
  const pickExisting = useMutation({
    mutationFn: (id: string) => fetchContact(id),
    onSuccess: finish,
  });
  const create = useMutation({
    mutationFn: async () => {
      const values = form.getFieldsValue(true) as { person?: Record<string, unknown> };
      const { contacts } = await createContacts([contactValues(values.person, kind)]);
      return contacts[0]!;
    },
    onSuccess: (contact) => {
      void message.success(m.succeeded('contact saved'));
      finish(contact);
    },
  });

  const personFields = [
    'title',
    'firstName',
    'lastName',
    'organisationId',
    'jobTitle',
    'email',
    'contactNumber',
  ];
  const validate = async () => {
    try {
      await form.validateFields(key === 'details' ? personFields.map((field) => ['person', field]) : []);
      return true;
    } catch {
      return false;
    }
  };
  // The firm is checked after the names (zod refines the object once it parses): stand-in names.
  const pickPerson = (all: Record<string, unknown>) => ({
    firstName: 'A',
    lastName: 'B',
    ...given((all.person ?? {}) as Record<string, unknown>),
    contactType: kind,
  });

  return (
    <MultiStepDrawer
      open={open}
      nested
      title={`${title}: find or add`}
      steps={steps}
      current={index}
      onNext={validate}
      onStep={goTo}
      nextLabel={`Add a new ${noun}`}
      onFinish={async () => {
        if (await validate()) create.mutate();
      }}
      finishLabel={`Create ${noun}`}
      busy={create.isPending || pickExisting.isPending}
      dirty={dirty}
      onClose={onClose}
      error={
        create.isError
          ? failureText(create.error, 'Failed to save')
          : pickExisting.isError
            ? failureText(pickExisting.error, m.loadContacts)
            : null
      }
    >
      <Form
        form={form}
        name={`contact-${kind}`}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onSubmit"
        onValuesChange={() => setDirty(true)}
        preserve
      >
        {key === 'select' && (
          <>
            <p className="rep-hint">
              Look for the {noun} among the contacts first; add them only if they are not there.
            </p>
            <Form.Item label={`Existing ${noun}`} name="chosen">
              <RecordSelect
                kind="contacts"
                placeholder="Type part of a name"
                filter={[{ type: 'checkboxesList', dbPropertyName: 'contact_type', value: [kind] }]}
              />
            </Form.Item>
            <Button
              type="primary"
              disabled={!chosen}
              loading={pickExisting.isPending}
              onClick={() => chosen && pickExisting.mutate(chosen)}
            >
              Use this {noun}
            </Button>
          </>
        )}
        {key === 'details' && (
          <ContactFields
            path={['person']}
            contactType={kind}
            withAddress={kind === 'individual'}
            organisationField={
              kind === 'agent' && (
                <Form.Item
                  label="Organisation (their firm)"
                  name={['person', 'organisationId']}
                  rules={[drawerRule(contactInputSchema, 'organisationId', { pick: pickPerson })]}
                >
                  <RecordSelect kind="organisations" placeholder="Type part of the firm's name" />
                </Form.Item>
              )
            }
          />
        )}
      </Form>
    </MultiStepDrawer>
  );
}

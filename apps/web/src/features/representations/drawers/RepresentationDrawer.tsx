import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Radio } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  representationMessages as m,
  representeeSchema,
  representeeTypeLabels,
  type RepresenteeType,
} from '@planning/shared';
import { createRepresentation, fetchEvents, fetchTopics, managerQueryKeys } from '../api';
import { representationSteps } from '../managerRoutes';
import { correspondenceFieldNames, CorrespondenceFields } from '../components/fields';
import { MultiStepDrawer, useDrawerStep, type StepRouting } from '../components/MultiStepDrawer';
import { RecordSelect, type RecordOption } from '../components/RecordSelect';
import { failureText } from '../failureText';
import { drawerRule } from '../formRules';
import { ContactDrawer } from './ContactDrawer';
import { RepresenteeDrawer } from './RepresenteeDrawer';

type Values = {
  representeeType: RepresenteeType;
  organisationId?: string | null;
  contactId?: string | null;
  agentContactId?: string | null;
  event?: string;
  correspondence?: string;
  letterDate?: string;
  receivedDate?: string;
  aknowledgeDate?: string;
  dueDate?: string;
  attitude?: string;
  topicIds?: string[];
  originalText?: string;
};

type RepresentationDrawerProps = {
  open: boolean;
  routing: StepRouting;
  onClose: () => void;
  onCreated?: (id: string) => void;
};

const pickRepresentee = (all: Record<string, unknown>) => ({
  type: all.representeeType,
  organisationId: all.representeeType === 'organisation' ? all.organisationId : undefined,
  contactId: all.representeeType === 'privateIndividual' ? all.contactId : undefined,
});

const stepFields: Record<string, string[]> = {
  representee: ['organisationId', 'contactId'],
  agent: [],
  correspondence: [...correspondenceFieldNames],
  confirm: [],
};

const orNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Spec 02 §4 Flows, representation creation: select or create the representee, then the agent
 * (optional), then the correspondence, then the representation is created and linked.
 */
export function RepresentationDrawer({ open, routing, onClose, onCreated }: RepresentationDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [adding, setAdding] = useState<null | 'organisation' | 'individual' | 'agent'>(null);
  const [madeHere, setMadeHere] = useState<
    Record<'organisationId' | 'contactId' | 'agentContactId', RecordOption[]>
  >({
    organisationId: [],
    contactId: [],
    agentContactId: [],
  });
  // The names of the records chosen, for the summary.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const remember = (option: RecordOption) =>
    setPicked((current) => ({ ...current, [option.value]: option.label }));
  const type =
    (Form.useWatch('representeeType', { form, preserve: true }) as RepresenteeType | undefined) ??
    'organisation';
  const { index, key, goTo } = useDrawerStep(representationSteps, routing);

  const choose = (field: 'organisationId' | 'contactId' | 'agentContactId', option: RecordOption) => {
    setMadeHere((current) => ({ ...current, [field]: [option, ...current[field]] }));
    setPicked((current) => ({ ...current, [option.value]: option.label }));
    form.setFieldValue(field, option.value);
    setDirty(true);
    void form.validateFields([field]).catch(() => undefined);
  };

  const create = useMutation({
    mutationFn: (values: Values) =>
      createRepresentation({
        correspondenceType: values.correspondence as never,
        consultationEventId: values.event ?? '',
        letterDate: orNull(values.letterDate),
        receivedDate: values.receivedDate ?? '',
        acknowledgementDate: orNull(values.aknowledgeDate),
        dueDate: orNull(values.dueDate),
        attitude: (orNull(values.attitude) as never) ?? null,
        representee: {
          type: values.representeeType,
          organisationId: values.representeeType === 'organisation' ? orNull(values.organisationId) : null,
          contactId: values.representeeType === 'privateIndividual' ? orNull(values.contactId) : null,
        },
        agentContactId: orNull(values.agentContactId),
        originalText: values.originalText ?? '',
        topicIds: values.topicIds ?? [],
      }),
    onSuccess: (created) => {
      void message.success(m.succeeded('representation saved'));
      void queryClient.invalidateQueries({ queryKey: managerQueryKeys.all });
      onCreated?.(created.id);
      onClose();
    },
  });

  const validateStep = async () => {
    try {
      await form.validateFields(stepFields[key] ?? []);
      return true;
    } catch {
      return false;
    }
  };

  const representeeRule = (field: 'organisationId' | 'contactId') => [
    drawerRule(representeeSchema, field, { pick: pickRepresentee, withFormIssues: true }),
  ];

  return (
    <>
      <MultiStepDrawer
        open={open}
        title="New representation"
        steps={representationSteps}
        current={index}
        onNext={validateStep}
        onStep={goTo}
        onFinish={() => create.mutate(form.getFieldsValue(true) as Values)}
        finishLabel="Create representation"
        busy={create.isPending}
        dirty={dirty}
        onClose={onClose}
        error={create.isError ? failureText(create.error, 'Failed to create the representation') : null}
      >
        <Form<Values>
          form={form}
          name="representation"
          layout="vertical"
          requiredMark={false}
          validateTrigger="onSubmit"
          initialValues={{ representeeType: 'organisation' }}
          onValuesChange={() => setDirty(true)}
          preserve
        >
          {key === 'representee' && (
            <>
              <Form.Item label="Representee type" name="representeeType">
                <Radio.Group
                  aria-label="Representee type"
                  options={(['organisation', 'privateIndividual'] as const).map((value) => ({
                    value,
                    label: representeeTypeLabels[value],
                  }))}
                />
              </Form.Item>
              {type === 'organisation' ? (
                <>
                  <Form.Item
                    label="Organisation"
                    name="organisationId"
                    rules={representeeRule('organisationId')}
                  >
                    <RecordSelect
                      kind="organisations"
                      placeholder="Type part of its name"
                      extraOptions={madeHere.organisationId}
                      onPicked={remember}
                    />
                  </Form.Item>
                  <Button icon={<PlusOutlined />} onClick={() => setAdding('organisation')}>
                    New organisation
                  </Button>
                </>
              ) : (
                <>
                  <Form.Item label="Private individual" name="contactId" rules={representeeRule('contactId')}>
                    <RecordSelect
                      kind="contacts"
                      placeholder="Type part of their name"
                      filter={[
                        { type: 'checkboxesList', dbPropertyName: 'contact_type', value: ['individual'] },
                      ]}
                      extraOptions={madeHere.contactId}
                      onPicked={remember}
                    />
                  </Form.Item>
                  <Button icon={<SearchOutlined />} onClick={() => setAdding('individual')}>
                    Find or add a private individual
                  </Button>
                </>
              )}
            </>
          )}
          {key === 'agent' && (
            <>
              <p className="rep-hint">
                An agent (a planning consultant, a solicitor) may write on the representee&apos;s behalf.
                Leave this empty when there is none.
              </p>
              <Form.Item label="Agent (optional)" name="agentContactId">
                <RecordSelect
                  kind="contacts"
                  placeholder="Type part of the agent's name"
                  filter={[{ type: 'checkboxesList', dbPropertyName: 'contact_type', value: ['agent'] }]}
                  extraOptions={madeHere.agentContactId}
                  onPicked={remember}
                />
              </Form.Item>
              <Button icon={<SearchOutlined />} onClick={() => setAdding('agent')}>
                Find or add an agent
              </Button>
            </>
          )}
          {key === 'correspondence' && <CorrespondenceFields />}
          {key === 'confirm' && (
            <RepresentationSummary values={form.getFieldsValue(true) as Values} names={picked} />
          )}
        </Form>
      </MultiStepDrawer>
      {adding === 'organisation' && (
        <RepresenteeDrawer
          open
          nested
          routing={null}
          initialType="organisation"
          withMenu={false}
          onClose={() => setAdding(null)}
          onSaved={(saved) =>
            saved.type === 'organisation' &&
            choose('organisationId', { value: saved.organisation.id, label: saved.organisation.name })
          }
        />
      )}
      {(adding === 'individual' || adding === 'agent') && (
        <ContactDrawer
          open
          kind={adding}
          onClose={() => setAdding(null)}
          onSaved={(contact) =>
            choose(adding === 'agent' ? 'agentContactId' : 'contactId', {
              value: contact.id,
              label: contact.organisationName
                ? `${contact.name} (${contact.organisationName})`
                : contact.name,
            })
          }
        />
      )}
    </>
  );
}

function RepresentationSummary({ values, names }: { values: Values; names: Record<string, string> }) {
  const events = useQuery({
    queryKey: managerQueryKeys.events,
    queryFn: ({ signal }) => fetchEvents(signal),
  });
  const topics = useQuery({
    queryKey: managerQueryKeys.topics,
    queryFn: ({ signal }) => fetchTopics(signal),
  });
  const labelOf = (id: string | null | undefined) => (id ? (names[id] ?? 'Chosen') : 'None');
  const representee = labelOf(
    values.representeeType === 'organisation' ? values.organisationId : values.contactId,
  );
  const text = values.originalText?.trim() ?? '';
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="Representee">
        {representeeTypeLabels[values.representeeType]}: {representee}
      </Descriptions.Item>
      <Descriptions.Item label="Agent">{labelOf(values.agentContactId)}</Descriptions.Item>
      <Descriptions.Item label="Event">
        {events.data?.find((event) => event.id === values.event)?.name ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Correspondence">{values.correspondence ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Letter date">{values.letterDate || '—'}</Descriptions.Item>
      <Descriptions.Item label="Received date">{values.receivedDate || '—'}</Descriptions.Item>
      <Descriptions.Item label="Acknowledged date">{values.aknowledgeDate || '—'}</Descriptions.Item>
      <Descriptions.Item label="Due date">{values.dueDate || '—'}</Descriptions.Item>
      <Descriptions.Item label="Attitude">{values.attitude || '—'}</Descriptions.Item>
      <Descriptions.Item label="Topics">
        {(values.topicIds ?? [])
          .map((id) => topics.data?.find((topic) => topic.id === id)?.name ?? id)
          .join(', ') || '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Text as received">
        {text ? `${text.length.toLocaleString('en-GB')} characters` : 'None pasted'}
      </Descriptions.Item>
    </Descriptions>
  );
}

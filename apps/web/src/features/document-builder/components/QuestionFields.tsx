import { Button, Card, ColorPicker, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DOCUMENT_LIMITS, type Question, type SimpleQuestion } from '@planning/shared';
import { defaultQuestion } from '../configOps';
import { Field, NumberField, SelectField, SwitchField, TextField } from './fields';
import { RichTextEditor } from './RichTextEditor';

/** The web form's names for the config's question types (spec 02 §3 Question). */
// In an officer's words, not the HTML control's ('Radio', 'Textarea').
export const typeLabels: Record<Question['type'], string> = {
  radioQuestion: 'Choose one answer',
  checkboxQuestion: 'Choose one or more answers',
  textQuestion: 'Written answer',
  dropdownQuestion: 'Choose one from a list',
  mapLinkedQuestion: 'Questions about places on a map',
};

type QuestionFieldsProps<Q extends Question> = {
  question: Q;
  onChange: (question: Q, field: string) => void;
  /** The types offered (a poll: radio and checkbox; a map-linked question's own: the simple ones). */
  types: ReadonlyArray<Q['type']>;
  /** A fresh question id (for the questions under a map-linked one). */
  freshId: () => string;
  readOnly: boolean;
  problemOf: (field: string) => string | undefined;
};

/** Every field of a question block (spec 02 §3 Question), shown as the chosen type needs them. */
export function QuestionFields<Q extends Question>(props: QuestionFieldsProps<Q>) {
  const { question, onChange, types, freshId, readOnly, problemOf } = props;
  const set = (patch: Partial<Question>, field: string) => onChange({ ...question, ...patch } as Q, field);
  const hasOptions = question.type !== 'textQuestion' && question.type !== 'mapLinkedQuestion';
  const options = question.options;

  const changeType = (type: Question['type']) => {
    if (type === 'mapLinkedQuestion') {
      onChange(
        {
          ...question,
          type,
          questions: [defaultQuestion(freshId(), 'Question about the site')],
          map: {},
        } as Q,
        'type',
      );
    } else {
      const simple: Record<string, unknown> = { ...question };
      delete simple.questions;
      delete simple.map;
      onChange({ ...simple, type } as Q, 'type');
    }
  };

  return (
    <div className="builder-question">
      <SelectField
        label="Question type"
        value={question.type}
        readOnly={readOnly}
        options={types.map((type) => ({ value: type, label: typeLabels[type] }))}
        onChange={changeType}
      />
      <TextField
        label="Question title"
        value={question.title}
        problem={problemOf('title')}
        readOnly={readOnly}
        onChange={(title) => set({ title }, 'title')}
      />
      <RichTextEditor
        label="Question text"
        value={question.question}
        readOnly={readOnly}
        onChange={(text) => set({ question: text }, 'question')}
      />
      {hasOptions && (
        <fieldset className="builder-fieldset">
          <legend>Options</legend>
          {options.map((option, index) => (
            <Card size="small" key={index} className="builder-option">
              <TextField
                label={`Option ${index + 1} title`}
                value={option.title}
                readOnly={readOnly}
                onChange={(title) =>
                  set(
                    { options: options.map((o, i) => (i === index ? { ...o, title } : o)) },
                    `option${index}`,
                  )
                }
              />
              <TextField
                label={`Option ${index + 1} description`}
                value={option.description}
                readOnly={readOnly}
                onChange={(description) =>
                  set(
                    {
                      options: options.map((o, i) =>
                        i === index ? { ...o, description: description || undefined } : o,
                      ),
                    },
                    `option${index}d`,
                  )
                }
              />
              <TextField
                label={`Option ${index + 1} image address`}
                value={option.imageURL}
                placeholder="https://"
                readOnly={readOnly}
                onChange={(imageURL) =>
                  set(
                    {
                      options: options.map((o, i) =>
                        i === index ? { ...o, imageURL: imageURL || undefined } : o,
                      ),
                    },
                    `option${index}i`,
                  )
                }
              />
              {!readOnly && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => set({ options: options.filter((_, i) => i !== index) }, 'options')}
                >
                  Remove option {index + 1}
                </Button>
              )}
            </Card>
          ))}
          {problemOf('options') && <div className="builder-problem">{problemOf('options')}</div>}
          {!readOnly && options.length < DOCUMENT_LIMITS.optionsMax && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                set({ options: [...options, { title: `Option ${options.length + 1}` }] }, 'options')
              }
            >
              Add option
            </Button>
          )}
        </fieldset>
      )}
      {(question.type === 'radioQuestion' || question.type === 'checkboxQuestion') && (
        <SelectField
          label="Orientation"
          value={question.orientation}
          readOnly={readOnly}
          options={[
            { value: 'vertical', label: 'Vertical' },
            { value: 'horizontal', label: 'Horizontal' },
          ]}
          onChange={(orientation) => set({ orientation }, 'orientation')}
        />
      )}
      {question.type === 'checkboxQuestion' && (
        <Space align="start">
          <NumberField
            label="At least (options)"
            value={question.minSelected}
            min={0}
            max={DOCUMENT_LIMITS.optionsMax}
            readOnly={readOnly}
            onChange={(minSelected) => set({ minSelected }, 'minSelected')}
          />
          <NumberField
            label="At most (options)"
            value={question.maxSelected}
            min={1}
            max={DOCUMENT_LIMITS.optionsMax}
            readOnly={readOnly}
            onChange={(maxSelected) => set({ maxSelected }, 'maxSelected')}
          />
        </Space>
      )}
      {question.type === 'textQuestion' && (
        <NumberField
          label="Maximum length (characters)"
          value={question.maxLength}
          min={1}
          max={DOCUMENT_LIMITS.textareaMaxLengthCeiling}
          readOnly={readOnly}
          onChange={(maxLength) =>
            set({ maxLength: maxLength ?? DOCUMENT_LIMITS.textareaDefaultMaxLength }, 'maxLength')
          }
        />
      )}
      <Field label="Colour" hint="An accent for the question on the page; empty for the council's own.">
        {({ id, describedBy }) => (
          <Space>
            <ColorPicker
              value={question.color ?? null}
              disabled={readOnly}
              disabledAlpha
              format="hex"
              allowClear
              onChangeComplete={(colour) => set({ color: colour.toHexString().toUpperCase() }, 'color')}
              onClear={() => set({ color: undefined }, 'color')}
            >
              <Button id={id} aria-describedby={describedBy}>
                {question.color ?? 'Default'}
              </Button>
            </ColorPicker>
          </Space>
        )}
      </Field>
      <TextField
        label="Note"
        value={question.note}
        readOnly={readOnly}
        multiline
        onChange={(note) => set({ note: note || undefined }, 'note')}
      />
      {hasOptions && (
        <>
          <SwitchField
            label="Ask for more when an option is chosen"
            checked={Boolean(question.conditional)}
            readOnly={readOnly}
            onChange={(on) =>
              set(
                {
                  conditional: on
                    ? { if: options[0]?.title ?? '', show: 'textarea', title: 'Please tell us more' }
                    : undefined,
                },
                'conditional',
              )
            }
          />
          {question.conditional && (
            <div className="builder-indent">
              <SelectField
                label="When the answer is"
                value={question.conditional!.if}
                readOnly={readOnly}
                options={options.map((option) => ({ value: option.title, label: option.title }))}
                onChange={(value) =>
                  set({ conditional: { ...question.conditional!, if: value } }, 'conditionalIf')
                }
              />
              <TextField
                label="Title of the text box shown"
                value={question.conditional.title}
                readOnly={readOnly}
                onChange={(title) =>
                  set({ conditional: { ...question.conditional!, title } }, 'conditionalTitle')
                }
              />
            </div>
          )}
        </>
      )}
      {question.type !== 'mapLinkedQuestion' && (
        <>
          <SwitchField
            label="Ask about a site (the reader picks one on a map)"
            checked={Boolean(question.mapFeatureSelect)}
            readOnly={readOnly}
            onChange={(on) =>
              set(
                {
                  mapFeatureSelect: on
                    ? { type: 'site', commentsBox: false, showAssociatedLayers: false }
                    : undefined,
                },
                'mapFeatureSelect',
              )
            }
          />
          {question.mapFeatureSelect && (
            <div className="builder-indent">
              <SwitchField
                label="Comments box ('Please share your comments on this site')"
                checked={question.mapFeatureSelect.commentsBox}
                readOnly={readOnly}
                onChange={(commentsBox) =>
                  set({ mapFeatureSelect: { ...question.mapFeatureSelect!, commentsBox } }, 'commentsBox')
                }
              />
              <SwitchField
                label="Show the layers associated with the site"
                checked={question.mapFeatureSelect.showAssociatedLayers}
                readOnly={readOnly}
                onChange={(showAssociatedLayers) =>
                  set(
                    { mapFeatureSelect: { ...question.mapFeatureSelect!, showAssociatedLayers } },
                    'associated',
                  )
                }
              />
            </div>
          )}
        </>
      )}
      {question.type === 'mapLinkedQuestion' && (
        <fieldset className="builder-fieldset">
          <legend>Map and its questions</legend>
          <TextField
            label="Map caption"
            value={question.map.caption}
            readOnly={readOnly}
            onChange={(caption) =>
              set({ map: { ...question.map, caption: caption || undefined } }, 'mapCaption')
            }
          />
          <TextField
            label="Map style"
            hint="The name of a base map style; empty for the council's default."
            value={question.map.style}
            readOnly={readOnly}
            onChange={(style) => set({ map: { ...question.map, style: style || undefined } }, 'mapStyle')}
          />
          {question.questions.map((sub, index) => (
            <Card
              size="small"
              key={sub.id}
              title={`Question ${index + 1} under the map`}
              className="builder-option"
              extra={
                !readOnly &&
                question.questions.length > 1 && (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove question ${index + 1} under the map`}
                    onClick={() =>
                      set(
                        { questions: question.questions.filter((_, i) => i !== index) } as Partial<Question>,
                        'questions',
                      )
                    }
                  />
                )
              }
            >
              <QuestionFields<SimpleQuestion>
                question={sub}
                types={['radioQuestion', 'checkboxQuestion', 'textQuestion', 'dropdownQuestion']}
                freshId={freshId}
                readOnly={readOnly}
                problemOf={() => undefined}
                onChange={(next, field) =>
                  set(
                    {
                      questions: question.questions.map((q, i) => (i === index ? next : q)),
                    } as Partial<Question>,
                    `sub${index}${field}`,
                  )
                }
              />
            </Card>
          ))}
          {!readOnly && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                set(
                  {
                    questions: [...question.questions, defaultQuestion(freshId(), 'Another question')],
                  } as Partial<Question>,
                  'questions',
                )
              }
            >
              Add a question under the map
            </Button>
          )}
        </fieldset>
      )}
    </div>
  );
}

import { Form, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { configMessages } from '@planning/shared';

/** The rules of a config's label or a template's name: required, at most 200 characters. */
export const nameRules = (requiredMessage: string): Rule[] => [
  { required: true, whitespace: true, message: requiredMessage },
  { max: 200, message: 'At most 200 characters' },
];

/** A config's tags (creating one, or its details): free words, none blank or over 50 characters. */
export function TagsItem() {
  return (
    <Form.Item
      name="tags"
      label="Tags"
      rules={[
        {
          validator: (_, tags: string[] = []) =>
            tags.every((tag) => tag.trim().length >= 1 && tag.length <= 50)
              ? Promise.resolve()
              : Promise.reject(new Error(configMessages.tagInvalid)),
        },
      ]}
    >
      <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} aria-label="Tags" />
    </Form.Item>
  );
}

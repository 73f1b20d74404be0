import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { Point, Polygon } from 'geojson';
import { SITE_RECORD_LIMITS, siteMessages } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { createDrawnSite } from '../details/api';

export type DrawnShape = Polygon | Point;

const CREATED_MESSAGE_KEY = 'site-created';
const CREATED_MESSAGE_SECONDS = 10;

type Props = {
  /** The finished drawing waiting to be saved, or null while drawing. */
  shape: DrawnShape | null;
  /** Where the new site's details page is: the success message links to it. */
  siteAddress: (id: string) => string;
  onCreated: (site: { id: string; name: string }) => void;
  onCancel: () => void;
  /** The server found the outline crossing itself: draw again. */
  onPolygonError: (message: string) => void;
};

/**
 * Spec 01 §4 "Draw site": once a shape is finished, save it (a site name is asked for) or cancel.
 * The server checks the outline again (self-intersection, overlap where the council forbids it).
 */
export function DrawSiteControls({ shape, siteAddress, onCreated, onCancel, onPolygonError }: Props) {
  const { message } = App.useApp();
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const create = useMutation({
    mutationFn: ({ name, geometry }: { name: string; geometry: DrawnShape }) =>
      createDrawnSite(name, geometry),
    onSuccess: (created, { name }) => {
      // Long enough to reach the link; the results list keeps the new site at its top as well.
      void message.success({
        key: CREATED_MESSAGE_KEY,
        duration: CREATED_MESSAGE_SECONDS,
        content: (
          <>
            {siteMessages.siteCreated}{' '}
            <Link to={siteAddress(created.id)} onClick={() => message.destroy(CREATED_MESSAGE_KEY)}>
              Open {name}
            </Link>
          </>
        ),
      });
      setNaming(false);
      form.resetFields();
      onCreated({ id: created.id, name });
    },
    onError: (error) => {
      setNaming(false);
      if (error instanceof ApiError && error.message === siteMessages.selfIntersection) {
        onPolygonError(error.message);
        return;
      }
      // Spec 01 §8, the drawing variant: 'Site has not been created. {error}'.
      void message.error(`${siteMessages.siteCreateFailed} ${error.message}`);
    },
  });

  if (!shape) return null;
  return (
    <>
      <div className="site-map__draw-bar" role="group" aria-label="Drawn site">
        <span>New site</span>
        <Button type="primary" onClick={() => setNaming(true)}>
          Save site
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
      <Modal
        open={naming}
        title="Save site"
        okText="Save site"
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ name }) => create.mutate({ name: name.trim(), geometry: shape })}
        >
          <Form.Item
            name="name"
            label="Site name"
            rules={[
              { required: true, whitespace: true, message: siteMessages.siteNameRequired },
              { max: SITE_RECORD_LIMITS.siteNameMax },
            ]}
          >
            <Input autoFocus maxLength={SITE_RECORD_LIMITS.siteNameMax} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

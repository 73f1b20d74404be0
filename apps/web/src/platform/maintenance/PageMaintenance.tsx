import { Button } from 'antd';
import { ArrowLeftOutlined, ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { maintenanceMessages } from '@planning/shared';

/** Spec 01 §2: shown in the content area instead of a page that is under maintenance. */
export function PageMaintenance() {
  const navigate = useNavigate();
  // Back only makes sense when this tab has somewhere to go back to.
  const canGoBack = window.history.length > 1;

  return (
    <div className="page page--centred">
      <ToolOutlined className="page-maintenance__icon" aria-hidden />
      <h1 className="page__title">{maintenanceMessages.page}</h1>
      {canGoBack && (
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(-1)}>
          {maintenanceMessages.back}
        </Button>
      )}
    </div>
  );
}

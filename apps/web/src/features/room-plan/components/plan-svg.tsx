import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { boundingBox, clearances, type Room } from '@knotwork/shared/room-plan/geometry';
import { CM_PER_FOOT } from '@knotwork/shared/room-plan/lengths';
import { formatLength, formatSize, type SizeUnit } from '@/lib/units.ts';
import type { PlanAction, PlanState } from '../lib/plan-state.ts';
import { MovablePiece } from './movable-piece.tsx';

/** Screen pixels a dropped piece must come within to be pulled onto a wall or the centre line. */
const SNAP_PX = 8;

/**
 * The plan: the room to scale, a grid, the rug (its photo when it has one) and the furniture, with the floor left to
 * each wall drawn as dimension lines. Drawn in centimetres (the viewBox) and scaled to fit its box; text and lines are
 * sized in screen pixels from the measured scale, so they read the same on a phone and a desktop. It is a drawing of
 * a physical room and is never mirrored for right-to-left languages (decision 062).
 */
export function PlanSvg({
  state,
  room,
  unit,
  rugTitle,
  rugImage,
  dispatch,
  onSettled,
  describedBy,
}: {
  state: PlanState;
  room: Room;
  unit: SizeUnit;
  rugTitle: string;
  rugImage: { url: string; color: string } | null;
  dispatch: (action: PlanAction) => void;
  onSettled: () => void;
  describedBy: string;
}) {
  const { t } = useTranslation('room-plan');
  const theme = useTheme();
  const svgRef = useRef<SVGSVGElement>(null);
  const ids = useId();
  const [pxPerCm, setPxPerCm] = useState(1);

  const pad = Math.max(room.width, room.length) * 0.04;
  const viewBox = [-pad, -pad, room.width + 2 * pad, room.length + 2 * pad];

  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const box = svg.getBoundingClientRect();
      if (box.width > 0) setPxPerCm(Math.min(box.width / viewBox[2]!, box.height / viewBox[3]!));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [viewBox[2], viewBox[3]]); // eslint-disable-line react-hooks/exhaustive-deps

  const toPlan = useCallback((clientX: number, clientY: number) => {
    const matrix = svgRef.current?.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }, []);

  const px = (n: number) => n / pxPerCm;
  const grid = unit === 'cm' ? 50 : 2 * CM_PER_FOOT;
  const rug = state.rug;
  const box = boundingBox(rug);
  const gaps = clearances(room, rug);
  const ink = theme.palette.text.primary;
  const paper = theme.palette.background.paper;
  const accent = theme.palette.accent.dark;
  const label = (x: number, y: number, text: string, key: string) => (
    <text
      key={key}
      x={x}
      y={y}
      fontSize={px(12)}
      fontWeight={600}
      textAnchor="middle"
      dominantBaseline="central"
      fill={ink}
      stroke={paper}
      strokeWidth={px(4)}
      paintOrder="stroke"
      // Feet and inches keep their marks in order in every language; centimetres follow the page ("120 سم").
      direction={unit === 'ftIn' ? 'ltr' : undefined}
      style={{ pointerEvents: 'none', userSelect: 'none' }}
    >
      {text}
    </text>
  );
  const dimension = (key: string, x1: number, y1: number, x2: number, y2: number, value: number) =>
    value > px(2) && (
      <g key={key} aria-hidden>
        <line
          x1={x1}
          y1={y1}
          x2={x2}
          y2={y2}
          stroke={accent}
          strokeWidth={px(1.5)}
          strokeDasharray={`${px(4)} ${px(3)}`}
        />
        {label((x1 + x2) / 2, (y1 + y2) / 2, formatLength(value, unit), `${key}-label`)}
      </g>
    );
  const dimensionKey = (wall: string) => `dimension-${wall}`;

  return (
    <Box
      component="svg"
      ref={svgRef}
      viewBox={viewBox.join(' ')}
      role="group"
      aria-label={t('plan.label', { size: formatSize(room.width, room.length, unit) })}
      data-testid="room-plan"
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        maxHeight: { xs: '62vh', md: '58vh' },
        userSelect: 'none',
      }}
    >
      <defs>
        <pattern id={`${ids}-grid`} width={grid} height={grid} patternUnits="userSpaceOnUse">
          <path
            d={`M ${grid} 0 L 0 0 0 ${grid}`}
            fill="none"
            stroke={theme.palette.divider}
            strokeWidth={px(1)}
          />
        </pattern>
        <clipPath id={`${ids}-rug`}>
          {rug.shape === 'ellipse' ? (
            <ellipse rx={rug.w / 2} ry={rug.h / 2} />
          ) : (
            <rect x={-rug.w / 2} y={-rug.h / 2} width={rug.w} height={rug.h} />
          )}
        </clipPath>
      </defs>
      {/* The floor and its walls. */}
      <rect x={0} y={0} width={room.width} height={room.length} fill={theme.palette.background.default} />
      <rect x={0} y={0} width={room.width} height={room.length} fill={`url(#${ids}-grid)`} />
      <rect
        x={-px(3)}
        y={-px(3)}
        width={room.width + px(6)}
        height={room.length + px(6)}
        fill="none"
        stroke={ink}
        strokeWidth={px(6)}
      />

      <MovablePiece
        id="rug"
        piece={rug}
        label={t('plan.rug', { title: rugTitle, size: formatSize(rug.w, rug.h, unit) })}
        roleDescription={t('plan.movable')}
        describedBy={describedBy}
        dispatch={dispatch}
        toPlan={toPlan}
        snapCm={px(SNAP_PX)}
        onSettled={onSettled}
        testId="plan-rug"
      >
        {({ focused }) => (
          <>
            <g clipPath={`url(#${ids}-rug)`}>
              <rect
                x={-rug.w / 2}
                y={-rug.h / 2}
                width={rug.w}
                height={rug.h}
                fill={rugImage?.color ?? theme.palette.background.subtle}
              />
              {rugImage && (
                <image
                  href={rugImage.url}
                  x={-rug.w / 2}
                  y={-rug.h / 2}
                  width={rug.w}
                  height={rug.h}
                  preserveAspectRatio="xMidYMid slice"
                />
              )}
            </g>
            {rug.shape === 'ellipse' ? (
              <ellipse
                rx={rug.w / 2}
                ry={rug.h / 2}
                fill="none"
                stroke={focused ? accent : ink}
                strokeWidth={px(focused ? 3 : 1.5)}
                strokeDasharray={focused ? `${px(6)} ${px(3)}` : undefined}
              />
            ) : (
              <rect
                x={-rug.w / 2}
                y={-rug.h / 2}
                width={rug.w}
                height={rug.h}
                fill="none"
                stroke={focused ? accent : ink}
                strokeWidth={px(focused ? 3 : 1.5)}
                strokeDasharray={focused ? `${px(6)} ${px(3)}` : undefined}
              />
            )}
          </>
        )}
      </MovablePiece>

      {state.furniture.map((item) => (
        <MovablePiece
          key={item.id}
          id={item.id}
          piece={item.piece}
          label={t('plan.furniture', { name: item.name, size: formatSize(item.piece.w, item.piece.h, unit) })}
          roleDescription={t('plan.movable')}
          describedBy={describedBy}
          dispatch={dispatch}
          toPlan={toPlan}
          snapCm={px(SNAP_PX)}
          onSettled={onSettled}
          testId="plan-furniture"
        >
          {({ focused }) => (
            <>
              {/* Half see-through: a rug may run under a sofa, and the buyer should see how far. */}
              <rect
                x={-item.piece.w / 2}
                y={-item.piece.h / 2}
                width={item.piece.w}
                height={item.piece.h}
                fill={ink}
                fillOpacity={0.28}
                stroke={focused ? accent : ink}
                strokeWidth={px(focused ? 3 : 1.5)}
                strokeDasharray={focused ? `${px(6)} ${px(3)}` : undefined}
              />
              <g transform={`rotate(${-item.piece.angle})`}>{label(0, 0, item.name, 'name')}</g>
            </>
          )}
        </MovablePiece>
      ))}

      {/* Dimension lines from the rug to each wall, along its centre lines, drawn over everything. */}
      {dimension(dimensionKey('left'), 0, rug.cy, box.minX, rug.cy, gaps.left)}
      {dimension(dimensionKey('right'), box.maxX, rug.cy, room.width, rug.cy, gaps.right)}
      {dimension(dimensionKey('top'), rug.cx, 0, rug.cx, box.minY, gaps.top)}
      {dimension(dimensionKey('bottom'), rug.cx, box.maxY, rug.cx, room.length, gaps.bottom)}
    </Box>
  );
}

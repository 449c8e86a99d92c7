#!/usr/bin/env python3
"""Reads a .pvd series back with VTK's own XML reader and compares it with a JSON sidecar.

usage: read_vtu.py <sidecar.json>

The sidecar (written by tests/cli/write_sample_vtu) names the .pvd and, per frame, the .vtu
file, time, points, cells and every point/cell array. Values must match bit for bit.
vtkPVDReader is ParaView-only, so the .pvd is parsed with xml.etree.
"""
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

import numpy as np
import vtk
from vtk.util.numpy_support import vtk_to_numpy


class Mismatch(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Mismatch(message)


def expect_equal_arrays(actual, expected, what):
    expected = np.asarray(expected)
    expect(actual.shape == expected.shape,
           f"{what}: shape {actual.shape}, expected {expected.shape}")
    # Compare bit patterns: exact, and -0.0 differs from 0.0.
    actual_bits = np.ascontiguousarray(actual, dtype=np.float64).view(np.int64).ravel()
    expected_bits = np.ascontiguousarray(expected, dtype=np.float64).view(np.int64).ravel()
    bad = np.flatnonzero(actual_bits != expected_bits)
    expect(bad.size == 0, f"{what}: {bad.size} values differ, first at flat index "
           f"{bad[:1]}: {actual.ravel()[bad[:1]]} instead of {expected.ravel()[bad[:1]]}")


def read_collection(pvd_path):
    root = ElementTree.parse(pvd_path).getroot()
    expect(root.get("type") == "Collection", f"{pvd_path}: not a VTK collection")
    directory = os.path.dirname(pvd_path)
    return [(float(d.get("timestep")), os.path.join(directory, d.get("file")))
            for d in root.iter("DataSet")]


# VTK reports parse problems (bad base64, short arrays) through its output window and carries
# on with whatever it could read, so its messages are captured and treated as failures.
vtk_messages = vtk.vtkStringOutputWindow()
vtk.vtkOutputWindow.SetInstance(vtk_messages)


def read_vtu(path):
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(path)
    reader.Update()
    expect(reader.GetErrorCode() == 0, f"{path}: VTK reader error {reader.GetErrorCode()}")
    expect(not vtk_messages.GetOutput(), f"{path}: VTK said: {vtk_messages.GetOutput()}")
    grid = reader.GetOutput()
    expect(grid is not None and grid.GetNumberOfPoints() >= 0, f"{path}: no grid")
    return grid


def check_arrays(field_data, expected_arrays, tuple_count, where):
    expect(field_data.GetNumberOfArrays() == len(expected_arrays),
           f"{where}: {field_data.GetNumberOfArrays()} arrays, expected {len(expected_arrays)}")
    for name, expected in expected_arrays.items():
        array = field_data.GetArray(name)
        expect(array is not None, f"{where}: array '{name}' missing")
        expect(array.GetDataType() == vtk.VTK_DOUBLE, f"{where}/{name}: not float64")
        components = expected["components"]
        expect(array.GetNumberOfComponents() == components,
               f"{where}/{name}: {array.GetNumberOfComponents()} components, expected "
               f"{components}")
        expect(array.GetNumberOfTuples() == tuple_count,
               f"{where}/{name}: {array.GetNumberOfTuples()} tuples, expected {tuple_count}")
        expect_equal_arrays(vtk_to_numpy(array).reshape(-1), expected["values"], f"{where}/{name}")


def check_frame(path, frame):
    grid = read_vtu(path)
    point_count = len(frame["points"])
    expect(grid.GetNumberOfPoints() == point_count,
           f"{path}: {grid.GetNumberOfPoints()} points, expected {point_count}")
    if point_count:
        points = vtk_to_numpy(grid.GetPoints().GetData())
        expect(points.dtype == np.float64, f"{path}: points are {points.dtype}, not float64")
        expect_equal_arrays(points, np.asarray(frame["points"]).reshape(-1, 3), f"{path}/points")
    cell_count = len(frame["types"])
    expect(grid.GetNumberOfCells() == cell_count,
           f"{path}: {grid.GetNumberOfCells()} cells, expected {cell_count}")
    if cell_count:
        cells = grid.GetCells()
        expect_equal_arrays(vtk_to_numpy(cells.GetConnectivityArray()).astype(np.int64),
                            frame["connectivity"], f"{path}/connectivity")
        # VTK keeps a leading 0 in its offsets; the file stores only the cell ends.
        expect_equal_arrays(vtk_to_numpy(cells.GetOffsetsArray())[1:].astype(np.int64),
                            frame["offsets"], f"{path}/offsets")
        expect_equal_arrays(vtk_to_numpy(grid.GetCellTypesArray()).astype(np.int64),
                            frame["types"], f"{path}/types")
    check_arrays(grid.GetPointData(), frame["point_data"], point_count, f"{path}/PointData")
    check_arrays(grid.GetCellData(), frame["cell_data"], cell_count, f"{path}/CellData")


def main(sidecar_path):
    with open(sidecar_path) as sidecar_file:
        sidecar = json.load(sidecar_file)
    directory = os.path.dirname(sidecar_path)
    collection = read_collection(os.path.join(directory, sidecar["pvd"]))
    frames = sidecar["frames"]
    expect(len(collection) == len(frames),
           f"pvd lists {len(collection)} datasets, sidecar {len(frames)}")
    for (time, path), frame in zip(collection, frames):
        expect(time == frame["time"], f"{path}: time {time!r}, expected {frame['time']!r}")
        expect(os.path.basename(path) == frame["file"],
               f"pvd entry {path}, expected {frame['file']}")
        check_frame(path, frame)
        print(f"ok  t={time!r}  {frame['file']}: {len(frame['points'])} points, "
              f"{len(frame['types'])} cells")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    try:
        sys.exit(main(sys.argv[1]))
    except Mismatch as mismatch:
        print(f"MISMATCH: {mismatch}", file=sys.stderr)
        sys.exit(1)

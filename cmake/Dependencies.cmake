# All dependencies are Debian 12 packages installed by scripts/install-deps.sh.
find_package(Eigen3 3.4 REQUIRED NO_MODULE)
find_package(yaml-cpp REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
find_package(Threads REQUIRED)
find_package(OpenMP REQUIRED COMPONENTS CXX)

# SuiteSparse 5.x on Debian ships no CMake package: locate the pieces by hand.
find_path(SUITESPARSE_INCLUDE_DIR umfpack.h PATH_SUFFIXES suitesparse REQUIRED)
foreach(lib umfpack cholmod amd colamd camd ccolamd suitesparseconfig)
  find_library(SUITESPARSE_${lib}_LIBRARY ${lib} REQUIRED)
  list(APPEND SUITESPARSE_LIBRARIES ${SUITESPARSE_${lib}_LIBRARY})
endforeach()
add_library(polydem_suitesparse INTERFACE)
target_include_directories(polydem_suitesparse SYSTEM INTERFACE ${SUITESPARSE_INCLUDE_DIR})
target_link_libraries(polydem_suitesparse INTERFACE ${SUITESPARSE_LIBRARIES})

# Qhull (convex hulls of point sets) is optional at configure time but installed by the script.
find_library(QHULL_R_LIBRARY qhull_r)
find_path(QHULL_INCLUDE_DIR libqhull_r/libqhull_r.h)
add_library(polydem_qhull INTERFACE)
if(QHULL_R_LIBRARY AND QHULL_INCLUDE_DIR)
  target_include_directories(polydem_qhull SYSTEM INTERFACE ${QHULL_INCLUDE_DIR})
  target_link_libraries(polydem_qhull INTERFACE ${QHULL_R_LIBRARY})
  target_compile_definitions(polydem_qhull INTERFACE POLYDEM_HAVE_QHULL=1)
endif()

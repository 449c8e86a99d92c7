function(polydem_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 reports false -Wrestrict on std::string concatenation at -O3
    # (GCC bug 105329); every report here has been that bug.
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(POLYDEM_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

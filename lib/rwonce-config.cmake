# CMake package config for rwonce, a header-only library.
# Installed as <prefix>/lib/cmake/rwonce/; the include directory is found
# relative to this file so that a DESTDIR or relocated install still works.
get_filename_component(_rwonce_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET rwonce::rwonce)
  add_library(rwonce::rwonce INTERFACE IMPORTED)
  set_target_properties(rwonce::rwonce PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_rwonce_prefix}/include")
endif()
unset(_rwonce_prefix)

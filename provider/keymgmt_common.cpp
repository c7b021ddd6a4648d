// pqlab provider: the parts both key managements share (keymgmt_common.hpp).
#include "keymgmt_common.hpp"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <cstddef>

#include "param_names.hpp"

namespace pqlab::provider {

const OSSL_PARAM* keypair_param_types(int selection) {
  static const OSSL_PARAM keypair[] = {OSSL_PARAM_octet_string(PQLAB_PARAM_SEED, nullptr, 0),
                                       OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr,
                                                               0),
                                       OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
                                       OSSL_PARAM_END};
  static const OSSL_PARAM public_only[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0), OSSL_PARAM_END};
  static const OSSL_PARAM none[] = {OSSL_PARAM_END};
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) return keypair;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) return public_only;
  return none;
}

namespace {

template <class Fn>
void add(KeymgmtDispatch& table, std::size_t& n, int id, Fn* fn) {
  if (fn != nullptr) table[n++] = {id, reinterpret_cast<void (*)()>(fn)};
}

}  // namespace

KeymgmtDispatch keymgmt_dispatch(const KeymgmtFunctions& f) {
  KeymgmtDispatch table{};
  std::size_t n = 0;
  add(table, n, OSSL_FUNC_KEYMGMT_NEW, f.new_key);
  add(table, n, OSSL_FUNC_KEYMGMT_FREE, f.free_key);
  add(table, n, OSSL_FUNC_KEYMGMT_LOAD, f.load);
  add(table, n, OSSL_FUNC_KEYMGMT_DUP, f.dup);
  add(table, n, OSSL_FUNC_KEYMGMT_HAS, f.has);
  add(table, n, OSSL_FUNC_KEYMGMT_MATCH, f.match);
  add(table, n, OSSL_FUNC_KEYMGMT_GEN_INIT, f.gen_init);
  add(table, n, OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, f.gen_set_params);
  add(table, n, OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, f.gen_settable_params);
  add(table, n, OSSL_FUNC_KEYMGMT_GEN, f.gen);
  add(table, n, OSSL_FUNC_KEYMGMT_GEN_CLEANUP, f.gen_cleanup);
  add(table, n, OSSL_FUNC_KEYMGMT_GET_PARAMS, f.get_params);
  add(table, n, OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, f.gettable_params);
  add(table, n, OSSL_FUNC_KEYMGMT_SET_PARAMS, f.set_params);
  add(table, n, OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, f.settable_params);
  add(table, n, OSSL_FUNC_KEYMGMT_IMPORT, f.import);
  add(table, n, OSSL_FUNC_KEYMGMT_IMPORT_TYPES, f.import_types);
  add(table, n, OSSL_FUNC_KEYMGMT_EXPORT, f.export_);
  add(table, n, OSSL_FUNC_KEYMGMT_EXPORT_TYPES, f.export_types);
  table[n] = {0, nullptr};
  return table;
}

}  // namespace pqlab::provider

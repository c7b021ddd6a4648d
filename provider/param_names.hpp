// pqlab provider: the names of the parameters this provider takes that
// OpenSSL 3.0's core_names.h lacks. They are the names OpenSSL 3.5 gives the
// same parameters (OSSL_PKEY_PARAM_ML_DSA_SEED / ML_KEM_SEED,
// OSSL_SIGNATURE_PARAM_CONTEXT_STRING, OSSL_SIGNATURE_PARAM_DETERMINISTIC,
// OSSL_SIGNATURE_PARAM_MESSAGE_ENCODING), so applications written for 3.5
// work unchanged.
#pragma once

// ML-DSA's ξ, ML-KEM's d ‖ z: a generation input and an import/export form.
#define PQLAB_PARAM_SEED "seed"
#define PQLAB_PARAM_CONTEXT_STRING "context-string"
#define PQLAB_PARAM_DETERMINISTIC "deterministic"
#define PQLAB_PARAM_MESSAGE_ENCODING "message-encoding"

// Copyright 2015-2017 Piprate Limited
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package ld

// JsonLdApi exposes internal functions used by JsonLdProcessor.
// See http://www.w3.org/TR/json-ld-api/ for detailed description of
// underlying algorithms
//
// Warning: using this interface directly is highly discouraged. Please use JsonLdProcessor instead.
type JsonLdApi struct { //nolint:stylecheck
}

// NewJsonLdApi creates a new instance of JsonLdApi.
func NewJsonLdApi() *JsonLdApi { //nolint:stylecheck
	return &JsonLdApi{}
}
